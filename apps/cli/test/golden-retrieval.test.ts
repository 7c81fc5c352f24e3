import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgRetriever, type Database } from '@clarify/db';
import { createTestDatabase } from '@clarify/db/testing';
import { createOfflineEmbedder } from '@clarify/llm';
import {
  indexSampleKnowledgeBase,
  readGoldenQueries,
  scoreGoldenQueries,
} from '../src/bench/golden-retrieval';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  const job = await indexSampleKnowledgeBase(database, createOfflineEmbedder());
  expect(job.documentsSkipped).toBe(0);
});
afterAll(async () => {
  await database?.close();
});

describe('retrieval over the sample knowledge base (offline embedder)', () => {
  it('returns the document a query is about first', async () => {
    const retriever = createPgRetriever({ db: database.db, embedder: createOfflineEmbedder() });
    const queries = await readGoldenQueries();
    expect(queries.length).toBeGreaterThanOrEqual(20);
    const score = await scoreGoldenQueries(retriever, queries);
    console.log(
      `golden retrieval: ${score.queries} queries, top-1 ${score.top1.toFixed(3)}, recall@5 ${score.recallAt5.toFixed(3)}` +
        (score.misses.length
          ? `\nmisses:\n${score.misses.map((miss) => `  ${miss.query} → ${miss.got.join(', ')} (expected ${miss.expected.join(', ')})`).join('\n')}`
          : ''),
    );
    expect(score.recallAt5).toBeGreaterThanOrEqual(0.95);
    expect(score.top1).toBeGreaterThanOrEqual(0.75);
  });
});
