import { access, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { z } from 'zod';
import { ClarifyError, type Source, type SourceStore } from '@clarify/core';
import { connectorFor, isSourceType, SOURCE_TYPES } from '@clarify/ingest';
import { checkSchedule, saveSource } from './save-source';

/** The file an admin declares sources in, beside where Clarify starts. */
export const SOURCES_FILE = 'clarify.config.yaml';

const entrySchema = z
  .object({
    id: z.string(),
    type: z.string(),
    name: z.string().optional(),
    schedule: z.string().nullable().optional(),
    audience: z.array(z.string()).optional(),
  })
  .passthrough();
const fileSchema = z.object({ sources: z.array(entrySchema).default([]) }).strict();

/**
 * Applies `clarify.config.yaml`: every source it declares is saved (added or updated; sources
 * it does not name are left as they are). Each entry is `id`, `type`, optional `name`,
 * `schedule` and `audience`, and the type's own settings (`path:` for files, relative to the
 * file). Nothing is saved unless the whole file is valid; an error names the line and field.
 */
export async function applySourcesFile(sources: SourceStore, path: string): Promise<Source[]> {
  const text = await readFile(path, 'utf8').catch((error: unknown) => {
    throw new ClarifyError('config_invalid', `cannot read ${path}: ${(error as Error).message}`);
  });
  const declarations = parseSourcesFile(text, path);
  const saved: Source[] = [];
  for (const declaration of declarations) saved.push(await saveSource(sources, declaration, path));
  return saved;
}

/**
 * At start-up: the file `CLARIFY_SOURCES_FILE` names (which must exist), else
 * `clarify.config.yaml` in the working folder when there is one. Returns the file applied.
 */
export async function applyDeclaredSources(
  sources: SourceStore,
  options: { file: string | undefined; cwd: string },
): Promise<{ path: string; sources: Source[] } | null> {
  const named = options.file?.trim();
  const path = named ? resolve(options.cwd, named) : join(options.cwd, SOURCES_FILE);
  if (!named) {
    const present = await access(path).then(
      () => true,
      () => false,
    );
    if (!present) return null;
  }
  return { path, sources: await applySourcesFile(sources, path) };
}

/** At a process's start: the declared sources applied, and which, logged. */
export async function applyDeclaredSourcesAtStart(
  sources: SourceStore,
  file: string | undefined,
  logger: { info(details: object, message: string): void },
): Promise<void> {
  const declared = await applyDeclaredSources(sources, { file, cwd: process.cwd() });
  if (declared) {
    logger.info(
      { file: declared.path, sources: declared.sources.map((source) => source.id) },
      'applied the declared sources',
    );
  }
}

/** The file's sources, checked (types, settings, schedules); the first problem with its line. */
export function parseSourcesFile(text: string, path: string) {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const syntax = document.errors[0];
  if (syntax !== undefined) {
    const line = lines.linePos(syntax.pos[0]).line;
    throw invalid(path, line, `not valid YAML (${syntax.message.split('\n')[0]})`);
  }
  const at = (keys: (string | number)[]) => lineOf(document, lines, keys);
  const parsed = fileSchema.safeParse(document.toJS() ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const keys = (issue?.path ?? []) as (string | number)[];
    throw invalid(path, at(keys), `${fieldName(keys)}: ${issue?.message ?? 'invalid'}`);
  }
  const seen = new Set<string>();
  return parsed.data.sources.map((entry, index) => {
    const base = ['sources', index];
    if (seen.has(entry.id))
      throw invalid(
        path,
        at([...base, 'id']),
        `sources[${index}].id: "${entry.id}" is declared twice`,
      );
    seen.add(entry.id);
    if (!isSourceType(entry.type)) {
      throw invalid(
        path,
        at([...base, 'type']),
        `sources[${index}].type: "${entry.type}" is not one of ${SOURCE_TYPES.join(', ')}`,
      );
    }
    const { id, type, name, schedule, audience, ...rest } = entry;
    if (typeof schedule === 'string') {
      try {
        checkSchedule(schedule);
      } catch (error) {
        throw invalid(
          path,
          at([...base, 'schedule']),
          `sources[${index}].${(error as Error).message}`,
        );
      }
    }
    const settings = resolvePaths(rest, dirname(path));
    const checked = connectorFor(type).settings.safeParse(settings);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const keys = [...base, ...((issue?.path ?? []) as (string | number)[])];
      throw invalid(path, at(keys), `${fieldName(keys)}: ${issue?.message ?? 'invalid'}`);
    }
    return {
      id,
      type,
      ...(name !== undefined && { name }),
      settings,
      ...(schedule !== undefined && { schedule }),
      ...(audience !== undefined && { audience }),
    };
  });
}

/** A relative `path` is relative to the file, not to where the process started. */
function resolvePaths(settings: Record<string, unknown>, folder: string): Record<string, unknown> {
  const { path } = settings;
  if (typeof path !== 'string' || isAbsolute(path)) return settings;
  return { ...settings, path: resolve(folder, path) };
}

function lineOf(document: Document, lines: LineCounter, keys: (string | number)[]): number {
  for (let length = keys.length; length >= 0; length -= 1) {
    const node = document.getIn(keys.slice(0, length), true) as
      { range?: [number, number, number] } | undefined;
    if (node?.range) return lines.linePos(node.range[0]).line;
  }
  return 1;
}

function fieldName(keys: (string | number)[]): string {
  return (
    keys.reduce<string>(
      (name, key) => (typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${key}` : key),
      '',
    ) || 'the file'
  );
}

function invalid(path: string, line: number, problem: string): ClarifyError {
  return new ClarifyError('config_invalid', `${path} line ${line}: ${problem}`);
}
