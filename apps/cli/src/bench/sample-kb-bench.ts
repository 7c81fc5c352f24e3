import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgRetriever, openDatabase } from '@clarify/db';
import { createOfflineEmbedder } from '@clarify/llm';
import type { Output } from '../output';
import {
  indexSampleKnowledgeBase,
  readGoldenQueries,
  scoreGoldenQueries,
} from './golden-retrieval';

/**
 * `clarify bench sample-kb`: indexes the bundled sample knowledge base into a fresh PGlite with
 * the offline embedder and scores retrieval on its golden queries (top-1, recall@5, misses).
 */
export async function runSampleKbBench(output: Output): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clarify-bench-kb-'));
  const database = await openDatabase({ dataDir });
  try {
    const embedder = createOfflineEmbedder();
    const job = await indexSampleKnowledgeBase(database, embedder);
    const score = await scoreGoldenQueries(
      createPgRetriever({ db: database.db, embedder }),
      await readGoldenQueries(),
    );
    output.out(
      `sample knowledge base: ${job.documentsIndexed} documents, ${job.chunksWritten} chunks`,
    );
    output.out(
      `golden retrieval: ${score.queries} queries, top-1 ${score.top1.toFixed(3)}, recall@5 ${score.recallAt5.toFixed(3)}`,
    );
    for (const miss of score.misses) {
      output.out(
        `  not first: "${miss.query}" → ${miss.got.join(', ')} (expected ${miss.expected.join(', ')})`,
      );
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
