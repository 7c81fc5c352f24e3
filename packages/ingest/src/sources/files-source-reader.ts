import { readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fg from 'fast-glob';
import { ClarifyError, describeError } from '@clarify/core';
import { SUPPORTED_EXTENSIONS } from '../parse';
import type { SourceItem, SourceReader } from './source-reader';

export type FilesSourceSettings = {
  /** Folder to index. */
  path: string;
  /** Glob patterns relative to the folder; default: every supported file type. */
  include?: string[];
  exclude?: string[];
  /** Base URL that relative paths are appended to for citation links (e.g. a wiki's URL). */
  uriPrefix?: string;
};

const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.git/**', '**/.clarify/**'];

export function defaultIncludePatterns(): string[] {
  const extensions = SUPPORTED_EXTENSIONS.map((extension) => extension.replace(/^\./, ''));
  return [`**/*.{${extensions.join(',')}}`];
}

/** Reads a folder of files. Listing errors (unreadable folders) fail the whole listing. */
export function createFilesSourceReader(settings: FilesSourceSettings): SourceReader {
  const root = resolve(settings.path);
  return {
    async list() {
      try {
        const info = await stat(root);
        if (!info.isDirectory()) throw new Error('not a directory');
      } catch (error) {
        throw new ClarifyError(
          'source_not_found',
          `cannot read folder ${root}: ${describeError(error)}`,
          {
            cause: error,
          },
        );
      }
      let entries: fg.Entry[];
      try {
        entries = await fg(settings.include ?? defaultIncludePatterns(), {
          cwd: root,
          ignore: [...ALWAYS_EXCLUDED, ...(settings.exclude ?? [])],
          onlyFiles: true,
          dot: false,
          followSymbolicLinks: false,
          caseSensitiveMatch: false,
          suppressErrors: false,
          stats: true,
        });
      } catch (error) {
        throw new ClarifyError(
          'source_unreadable',
          `listing ${root} failed: ${describeError(error)}`,
          {
            cause: error,
          },
        );
      }
      return entries
        .map((entry): SourceItem => {
          const path = join(root, entry.path);
          return {
            externalId: entry.path,
            uri: toUri(settings.uriPrefix, entry.path, path),
            modifiedAt: entry.stats?.mtime ?? null,
            sizeBytes: entry.stats?.size ?? null,
            // As rsync's quick check: same modification time and size, same file.
            ...(entry.stats && { version: `${entry.stats.mtimeMs}:${entry.stats.size}` }),
            read: async () => new Uint8Array(await readFile(path)),
          };
        })
        .sort((a, b) => (a.externalId < b.externalId ? -1 : a.externalId > b.externalId ? 1 : 0));
    },
  };
}

function toUri(prefix: string | undefined, relativePath: string, absolutePath: string): string {
  if (!prefix) return pathToFileURL(absolutePath).href;
  const encoded = relativePath.split('/').map(encodeURIComponent).join('/');
  return prefix.endsWith('/') ? prefix + encoded : `${prefix}/${encoded}`;
}
