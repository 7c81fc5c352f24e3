import { ClarifyError, type IndexJob, type IndexTrigger } from '@clarify/core';
import { readerForSource, type IndexProgress } from '@clarify/ingest';
import type { KnowledgeBase } from './open-knowledge-base';

export type ReindexInput = {
  sourceId: string;
  trigger: IndexTrigger;
  /** Allow deleting more than a fifth of the source in this run (DI-3). */
  confirmDeletions?: boolean;
  /** Re-process every document, changed or not. */
  full?: boolean;
  requestedBy?: string | null;
  queueJobId?: string;
  /** Interrupts the run between documents (a worker shutting down). */
  signal?: AbortSignal;
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
    reader: readerForSource(source, {
      secret: kb.config.sources.secret,
      state: {
        load: () => kb.sources.syncState(source.id),
        save: (state) => kb.sources.saveSyncState(source.id, state),
      },
    }),
    confirmDeletions: input.confirmDeletions ?? false,
    full: input.full ?? false,
    requestedBy: input.requestedBy ?? null,
    ...(input.queueJobId !== undefined && { queueJobId: input.queueJobId }),
    ...(input.signal && { signal: input.signal }),
    ...(input.onProgress && { onProgress: input.onProgress }),
  });
}
