import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPgDocumentStore,
  createPgIndexJobStore,
  createPgRetriever,
  createPgSourceStore,
  type Database,
} from '@clarify/db';
import { createTestDatabase } from '@clarify/db/testing';
import { createFilesSourceReader, createIndexer } from '@clarify/ingest';
import { createOfflineEmbedder } from '@clarify/llm';
import { sampleKbDir } from '@clarify/sample-kb';
import { readGoldenQueries, scoreGoldenQueries } from '../src/bench/golden-retrieval';

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase('pglite');
  const embedder = createOfflineEmbedder();
  const documents = createPgDocumentStore(database.db);
  await createPgSourceStore(database.db).upsert({
    id: 'sample-kb',
    name: 'sample',
    type: 'files',
    settings: { path: sampleKbDir },
  });
  const indexer = createIndexer({
    documents,
    jobs: createPgIndexJobStore(database.db),
    embedder,
    tryWithLock: database.tryWithLock,
  });
  const job = await indexer.run({
    sourceId: 'sample-kb',
    trigger: 'cli',
    reader: createFilesSourceReader({ path: sampleKbDir }),
  });
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
