import type { IndexJob, SourceSummary } from '@clarify/core';
import { reindexSource, type KnowledgeBase } from '@clarify/runtime';

/** What the admin commands do to the index. */
export type IndexAdmin = {
  sources(): Promise<SourceSummary[]>;
  latestJobs(limit: number): Promise<IndexJob[]>;
  reindex(
    sourceId: string,
    onProgress: (progress: { processed: number; total: number }) => void,
  ): Promise<IndexJob>;
};

/** The admin commands over a knowledge base opened in this process. */
export function knowledgeBaseAdmin(kb: KnowledgeBase): IndexAdmin {
  return {
    sources: () => kb.sources.list(),
    latestJobs: (limit) => kb.jobs.latest({ limit }),
    reindex: (sourceId, onProgress) =>
      reindexSource(kb, { sourceId, trigger: 'admin', onProgress }),
  };
}
