import type { IndexJob, SourceSummary } from '@clarify/core';
import { createLocalDispatch, type IndexDispatch, type KnowledgeBase } from '@clarify/runtime';

/** What the admin commands do to the index. */
export type IndexAdmin = {
  sources(): Promise<SourceSummary[]>;
  latestJobs(limit: number): Promise<IndexJob[]>;
  reindex(
    sourceId: string,
    onProgress: (progress: { processed: number; total: number }) => void,
    requestedBy?: string,
  ): Promise<IndexJob>;
};

/**
 * The admin commands over a knowledge base: re-indexes go where the process sends them (run
 * here on the embedded database, queued for the workers on Postgres) and are followed to the end.
 */
export function knowledgeBaseAdmin(
  kb: KnowledgeBase,
  indexing: IndexDispatch = createLocalDispatch(kb, silent),
): IndexAdmin {
  return {
    sources: () => kb.sources.list(),
    latestJobs: (limit) => kb.jobs.latest({ limit }),
    reindex: (sourceId, onProgress, requestedBy) =>
      indexing.run(
        { sourceId, trigger: 'admin', ...(requestedBy !== undefined && { requestedBy }) },
        onProgress,
      ),
  };
}

const silent = { info() {}, error() {} };
