import { ClarifyError, type IndexJob, type IndexTrigger, type Source } from '@clarify/core';
import { createFilesSourceReader, type IndexProgress, type SourceReader } from '@clarify/ingest';
import type { KnowledgeBase } from './open-knowledge-base';

export type ReindexInput = {
  sourceId: string;
  trigger: IndexTrigger;
  /** Allow deleting more than a fifth of the source in this run (DI-3). */
  confirmDeletions?: boolean;
  onProgress?: (progress: IndexProgress) => void;
};

/**
 * Re-indexes a registered source from its stored settings (admin commands, schedules): the
 * same incremental run as `clarify index`, one per source at a time across processes.
 */
export async function reindexSource(kb: KnowledgeBase, input: ReindexInput): Promise<IndexJob> {
  const source = await kb.sources.get(input.sourceId);
  if (source === null) {
    throw new ClarifyError('source_not_found', `there is no source "${input.sourceId}"`);
  }
  return kb.indexer.run({
    sourceId: source.id,
    trigger: input.trigger,
    reader: sourceReader(source),
    confirmDeletions: input.confirmDeletions ?? false,
    ...(input.onProgress && { onProgress: input.onProgress }),
  });
}

/** The reader of a stored source, its settings checked: they come from the database. */
export function sourceReader(source: Source): SourceReader {
  const { path, include, exclude, uriPrefix } = source.settings;
  if (typeof path !== 'string' || path === '') {
    throw new ClarifyError('source_unreadable', `source "${source.id}" has no folder path`);
  }
  return createFilesSourceReader({
    path,
    ...(isStringList(include) && { include }),
    ...(isStringList(exclude) && { exclude }),
    ...(typeof uriPrefix === 'string' && { uriPrefix }),
  });
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}
