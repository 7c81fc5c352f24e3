import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@clarify/db';
import { createOfflineEmbedder } from '@clarify/llm';
import { pipelineParts, type PipelineParts } from '@clarify/runtime';
import { indexSampleKnowledgeBase } from './golden-retrieval';

/**
 * Runs `work` over the sample knowledge base indexed with the offline embedder into a fresh
 * PGlite database in a temporary folder, removed afterwards.
 */
export async function withIndexedSampleKb<T>(
  work: (parts: PipelineParts) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clarify-bench-'));
  const database = await openDatabase({ dataDir });
  try {
    const embedder = createOfflineEmbedder();
    await indexSampleKnowledgeBase(database, embedder);
    return await work(pipelineParts(database, embedder));
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
