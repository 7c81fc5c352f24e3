import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Embedder, Retriever } from '@clarify/core';
import {
  createPgDocumentStore,
  createPgIndexJobStore,
  createPgSourceStore,
  type Database,
} from '@clarify/db';
import { createFilesSourceReader, createIndexer } from '@clarify/ingest';
import { sampleKbDir, sampleKbGoldenDir } from '@clarify/sample-kb';

export type GoldenQuery = { query: string; expected: string[]; note?: string };

export async function readGoldenQueries(): Promise<GoldenQuery[]> {
  const text = await readFile(join(sampleKbGoldenDir, 'retrieval.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GoldenQuery);
}

/** Top-1 accuracy and recall@5 (expected document among the top 5 distinct documents). */
export async function scoreGoldenQueries(retriever: Retriever, queries: readonly GoldenQuery[]) {
  const misses: Array<{ query: string; expected: string[]; got: string[] }> = [];
  let first = 0;
  let inTopFive = 0;
  for (const golden of queries) {
    const passages = await retriever.search({ query: golden.query, k: 20 });
    const documents = [...new Set(passages.map((passage) => passage.documentId))].slice(0, 5);
    if (golden.expected.includes(documents[0] ?? '')) first++;
    else
      misses.push({ query: golden.query, expected: golden.expected, got: documents.slice(0, 3) });
    if (documents.some((id) => golden.expected.includes(id))) inTopFive++;
  }
  return {
    queries: queries.length,
    top1: first / queries.length,
    recallAt5: inTopFive / queries.length,
    misses,
  };
}

/** Indexes the bundled sample knowledge base into a database with the offline embedder. */
export async function indexSampleKnowledgeBase(database: Database, embedder: Embedder) {
  await createPgSourceStore(database.db).upsert({
    id: 'sample-kb',
    name: 'Sample knowledge base',
    type: 'files',
    settings: { path: sampleKbDir },
  });
  const indexer = createIndexer({
    documents: createPgDocumentStore(database.db),
    jobs: createPgIndexJobStore(database.db),
    embedder,
    tryWithLock: database.tryWithLock,
  });
  return indexer.run({
    sourceId: 'sample-kb',
    trigger: 'cli',
    reader: createFilesSourceReader({ path: sampleKbDir }),
  });
}
