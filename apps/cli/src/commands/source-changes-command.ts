import { ClarifyError } from '@clarify/core';
import { connectorFor, describeSource } from '@clarify/ingest';
import { checkSchedule, saveSource, type KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { findSource, findSourceSummary } from './find-source';

export type SourceAddOptions = {
  id: string;
  name?: string;
  schedule?: string;
  audience?: string[];
  json?: boolean;
} & Record<string, unknown>;

/**
 * `clarify sources add <type> --id <id> …`: the type's own options become its settings (the
 * others are refused by name), checked by its connector; the source is saved, not indexed.
 */
export async function runSourceAddCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { type: string; options: SourceAddOptions; given: ReadonlySet<string> },
): Promise<void> {
  const connector = connectorFor(input.type);
  const own = new Set(connector.options.map((option) => attributeOf(option.flag)));
  const foreign = [...input.given].filter(
    (key) => !own.has(key) && !['id', 'name', 'schedule', 'audience', 'json'].includes(key),
  );
  if (foreign.length > 0) {
    throw new ClarifyError(
      'invalid_input',
      `${foreign.map(flagOf).join(', ')} ${foreign.length === 1 ? 'is' : 'are'} not an option of ${input.type} sources; see clarify sources add --help`,
    );
  }
  const settings = Object.fromEntries(
    connector.options
      .filter((option) => input.options[attributeOf(option.flag)] !== undefined)
      .map((option) => [option.key, input.options[attributeOf(option.flag)]]),
  );
  const source = await saveSource(
    kb.sources,
    {
      id: input.options.id,
      type: input.type,
      ...(input.options.name !== undefined && { name: input.options.name }),
      settings,
      ...(input.options.schedule !== undefined && { schedule: input.options.schedule }),
      ...(input.options.audience !== undefined && { audience: input.options.audience }),
    },
    `clarify sources add ${input.type}`,
  );
  if (input.options.json) {
    output.out(JSON.stringify(source, null, 2));
    return;
  }
  output.out(
    `Saved source ${source.id} (${source.type}: ${describeSource(source)}), schedule ${source.schedule ?? 'manual'}. Index it with: clarify reindex ${source.id}`,
  );
}

/** `clarify sources remove <id>`: the source and everything indexed from it. */
export async function runSourceRemoveCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { id: string; yes?: boolean },
): Promise<void> {
  const source = await findSourceSummary(kb, input.id);
  if (source.documents > 0 && !input.yes) {
    throw new ClarifyError(
      'invalid_input',
      `source "${source.id}" has ${source.documents} indexed documents, which would be deleted from the index; re-run with --yes to remove it`,
    );
  }
  await kb.sources.remove(source.id);
  output.out(`Removed source ${source.id} and its ${source.documents} documents from the index.`);
}

/** `clarify sources set-schedule <id> <cron|none>`. */
export async function runSetScheduleCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { id: string; schedule: string },
): Promise<void> {
  const source = await findSource(kb, input.id);
  const schedule = ['none', 'manual', ''].includes(input.schedule.trim())
    ? null
    : checkSchedule(input.schedule, 'clarify sources set-schedule');
  await kb.sources.upsert({ ...source, schedule });
  output.out(
    schedule === null
      ? `Source ${source.id} is now indexed on demand only.`
      : `Source ${source.id} is re-indexed on the schedule "${schedule}".`,
  );
}

/** The name commander gives a flag's value: `--max-pages <n>` → `maxPages`. */
function attributeOf(flag: string): string {
  const long = /--([a-z0-9-]+)/.exec(flag)?.[1] ?? flag;
  return long.replace(/-([a-z0-9])/g, (_dash, letter: string) => letter.toUpperCase());
}

function flagOf(key: string): string {
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}
