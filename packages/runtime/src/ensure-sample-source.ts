import type { IndexJob } from '@clarify/core';
import type { IndexProgress } from '@clarify/ingest';
import { sampleKbDir } from '@clarify/sample-kb';
import type { KnowledgeBase } from './open-knowledge-base';
import { reindexSource } from './reindex-source';

export const SAMPLE_SOURCE_ID = 'sample-kb';

/**
 * The embedded default's knowledge base: while no source of its own is registered, the bundled
 * sample knowledge base is (re-)indexed — a no-op when unchanged — so a first run has
 * something to answer from. Returns the job, or null when the knowledge base has its own
 * sources.
 */
export async function ensureSampleSource(
  kb: KnowledgeBase,
  options: { onProgress?: (progress: IndexProgress) => void } = {},
): Promise<IndexJob | null> {
  const sources = await kb.sources.list();
  if (sources.some((source) => source.id !== SAMPLE_SOURCE_ID)) return null;
  await kb.sources.upsert({
    id: SAMPLE_SOURCE_ID,
    name: 'Sample knowledge base',
    type: 'files',
    settings: { path: sampleKbDir },
  });
  return reindexSource(kb, {
    sourceId: SAMPLE_SOURCE_ID,
    trigger: 'cli',
    confirmDeletions: true,
    ...(options.onProgress && { onProgress: options.onProgress }),
  });
}
