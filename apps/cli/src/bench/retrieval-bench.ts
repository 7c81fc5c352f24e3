import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DocumentStore } from '@clarify/core';
import {
  createPgDocumentStore,
  createPgIndexJobStore,
  createPgRetriever,
  createPgSourceStore,
  openDatabase,
  pgDenseSearch,
} from '@clarify/db';
import { createIndexer } from '@clarify/ingest';
import { createOfflineEmbedder } from '@clarify/llm';
import type { Output } from '../output';
import { mean, median, quantile } from './statistics';
import { createSyntheticCorpus } from './synthetic-corpus';

export type RetrievalBenchOptions = { sizes: number[]; queries: number; jsonFile?: string };

type SizeFigures = Awaited<ReturnType<typeof benchOneSize>>;

/**
 * `clarify bench retrieval`: for each corpus size, on a fresh file-backed PGlite with the
 * offline embedder, prints indexing throughput, unchanged re-index time, hybrid search
 * latency, HNSW recall@10 against exact search, and the exact-search latency as baseline.
 */
export async function runRetrievalBench(
  output: Output,
  options: RetrievalBenchOptions,
): Promise<void> {
  const results: SizeFigures[] = [];
  for (const size of options.sizes) {
    output.err(`bench retrieval: ${size} chunks …`);
    const figures = await benchOneSize(output, size, options.queries);
    results.push(figures);
    printFigures(output, figures);
  }
  if (options.jsonFile) await writeFile(options.jsonFile, JSON.stringify(results, null, 2));
}

async function benchOneSize(output: Output, size: number, queryCount: number) {
  const dataDir = await mkdtemp(join(tmpdir(), 'clarify-bench-'));
  const database = await openDatabase({ dataDir });
  try {
    const embedder = createOfflineEmbedder();
    const corpus = createSyntheticCorpus({ chunks: size, queries: queryCount });
    let indexBuildMs = 0;
    const store = createPgDocumentStore(database.db);
    const documents: DocumentStore = {
      ...store,
      async ensureVectorIndex(model, dimensions) {
        const started = performance.now();
        await store.ensureVectorIndex(model, dimensions);
        indexBuildMs += performance.now() - started;
      },
    };
    await createPgSourceStore(database.db).upsert({
      id: 'bench',
      name: 'bench',
      type: 'files',
      settings: {},
    });
    const indexer = createIndexer({
      documents,
      jobs: createPgIndexJobStore(database.db),
      embedder,
      tryWithLock: database.tryWithLock,
    });

    const indexStarted = performance.now();
    const first = await indexer.run({ sourceId: 'bench', reader: corpus.reader, trigger: 'cli' });
    const indexMs = performance.now() - indexStarted;
    output.err(`  indexed ${first.chunksWritten} chunks in ${(indexMs / 1000).toFixed(1)} s`);

    const reindexStarted = performance.now();
    const second = await indexer.run({ sourceId: 'bench', reader: corpus.reader, trigger: 'cli' });
    const reindexMs = performance.now() - reindexStarted;

    const retriever = createPgRetriever({ db: database.db, embedder });
    for (const query of corpus.queries.slice(0, 20))
      await retriever.search({ query: query.text, k: 10 });
    const hybridMs: number[] = [];
    let hits = 0;
    for (const query of corpus.queries) {
      const started = performance.now();
      const passages = await retriever.search({ query: query.text, k: 10 });
      hybridMs.push(performance.now() - started);
      if (passages.slice(0, 5).some((passage) => passage.documentId === query.expected)) hits++;
    }

    const vectors = await embedder.embed(corpus.queries.map((query) => query.text));
    const recalls: number[] = [];
    const hnswMs: number[] = [];
    const exactMs: number[] = [];
    for (const vector of vectors) {
      const input = { model: embedder.model, dimensions: embedder.dimensions, vector, k: 10 };
      let started = performance.now();
      const approximate = await pgDenseSearch(database.db, input);
      hnswMs.push(performance.now() - started);
      started = performance.now();
      const exact = await pgDenseSearch(database.db, { ...input, exact: true });
      exactMs.push(performance.now() - started);
      const truth = new Set(exact);
      recalls.push(approximate.filter((id) => truth.has(id)).length / Math.max(1, exact.length));
    }

    return {
      chunks: first.chunksWritten,
      documents: first.documentsIndexed,
      indexSeconds: round(indexMs / 1000, 2),
      indexChunksPerSecond: Math.round(first.chunksWritten / (indexMs / 1000)),
      hnswBuildSeconds: round(indexBuildMs / 1000, 2),
      reindexUnchangedSeconds: round(reindexMs / 1000, 2),
      reindexUnchangedDocuments: second.documentsUnchanged,
      hybridP50Ms: round(median(hybridMs), 2),
      hybridP95Ms: round(quantile(hybridMs, 0.95), 2),
      hybridRecallAt5: round(hits / corpus.queries.length, 3),
      hnswRecallAt10: round(mean(recalls), 4),
      hnswP50Ms: round(median(hnswMs), 2),
      exactP50Ms: round(median(exactMs), 2),
      exactOverHnswSpeedup: round(median(exactMs) / median(hnswMs), 1),
      queries: corpus.queries.length,
      rssMiB: Math.round(process.memoryUsage().rss / 1024 / 1024),
    };
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function printFigures(output: Output, figures: SizeFigures): void {
  output.out(
    `\n${figures.chunks} chunks (${figures.documents} documents, ${figures.queries} queries)`,
  );
  output.out(
    `  indexing             ${figures.indexChunksPerSecond} chunks/s (${figures.indexSeconds} s, of which HNSW build ${figures.hnswBuildSeconds} s)`,
  );
  output.out(
    `  unchanged re-index   ${figures.reindexUnchangedSeconds} s (${figures.reindexUnchangedDocuments} documents unchanged)`,
  );
  output.out(
    `  hybrid search        p50 ${figures.hybridP50Ms} ms, p95 ${figures.hybridP95Ms} ms (source document in top 5: ${figures.hybridRecallAt5})`,
  );
  output.out(`  HNSW recall@10       ${figures.hnswRecallAt10} vs exact search`);
  output.out(
    `  dense latency        HNSW p50 ${figures.hnswP50Ms} ms, exact p50 ${figures.exactP50Ms} ms (${figures.exactOverHnswSpeedup}x)`,
  );
  output.out(`  process RSS          ${figures.rssMiB} MiB`);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
