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
  createPgWordFrequencies,
  measureVectorIndex,
  openDatabase,
  pgDenseSearch,
  type Database,
} from '@clarify/db';
import { createIndexer } from '@clarify/ingest';
import { createOfflineEmbedder } from '@clarify/llm';
import type { Output } from '../output';
import { createClusteredVectors } from './clustered-vectors';
import { recallAtK } from './recall';
import { mean, median, quantile } from './statistics';
import { createSyntheticCorpus } from './synthetic-corpus';

export type RetrievalBenchOptions = { sizes: number[]; queries: number; jsonFile?: string };

/** ef_search of the retriever's dense list, and a wider one to show the trade-off. */
const EF_SEARCH = [100, 400];

/**
 * `clarify bench retrieval`: for each size, on a fresh file-backed PGlite, indexes a synthetic
 * corpus through the real indexer with the offline embedder and prints indexing throughput,
 * unchanged re-index time, hybrid search latency, and HNSW recall@10 against exact search —
 * on the offline embedder's vectors and on vectors shaped like a neural model's.
 */
export async function runRetrievalBench(
  output: Output,
  options: RetrievalBenchOptions,
): Promise<void> {
  const results = [];
  for (const size of options.sizes) {
    output.err(`bench retrieval: ${size} chunks …`);
    const dataDir = await mkdtemp(join(tmpdir(), 'clarify-bench-'));
    const database = await openDatabase({ dataDir });
    try {
      const figures = await benchOneSize(output, database, size, options.queries);
      results.push(figures);
      printFigures(output, figures);
    } finally {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (options.jsonFile) await writeFile(options.jsonFile, JSON.stringify(results, null, 2));
}

async function benchOneSize(output: Output, database: Database, size: number, queryCount: number) {
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

  let started = performance.now();
  const first = await indexer.run({ sourceId: 'bench', reader: corpus.reader, trigger: 'cli' });
  const indexMs = performance.now() - started;
  output.err(`  indexed ${first.chunksWritten} chunks in ${(indexMs / 1000).toFixed(1)} s`);
  started = performance.now();
  const second = await indexer.run({ sourceId: 'bench', reader: corpus.reader, trigger: 'cli' });
  const reindexMs = performance.now() - started;

  const retriever = createPgRetriever({ db: database.db, embedder });
  for (const query of corpus.queries.slice(0, 20))
    await retriever.search({ query: query.text, k: 10 });
  const hybridMs: number[] = [];
  let hits = 0;
  for (const query of corpus.queries) {
    const time = performance.now();
    const passages = await retriever.search({ query: query.text, k: 10 });
    hybridMs.push(performance.now() - time);
    if (passages.slice(0, 5).some((passage) => passage.documentId === query.expected)) hits++;
  }
  // What the offline extractor adds per question: counting its words across the knowledge base,
  // every word counted (no reuse), and as the service does it (counts reused for ten minutes).
  const countMs = async (ttlMs: number) => {
    const frequencies = createPgWordFrequencies(database.db, { ttlMs });
    const times: number[] = [];
    for (const query of corpus.queries) {
      const words = [...new Set(query.text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])];
      const time = performance.now();
      await frequencies.count(words);
      times.push(performance.now() - time);
    }
    return times;
  };
  const coldCountMs = await countMs(0);
  const cachedCountMs = await countMs(10 * 60 * 1000);

  output.err('  measuring HNSW recall on the offline vectors …');
  const queryVectors = await embedder.embed(corpus.queries.map((query) => query.text));
  const offline = [];
  for (const efSearch of EF_SEARCH) {
    const recalls = [];
    const indexLatency: number[] = [];
    const exactLatency: number[] = [];
    for (const vector of queryVectors) {
      const input = {
        model: embedder.model,
        dimensions: embedder.dimensions,
        vector,
        k: 10,
        efSearch,
      };
      let time = performance.now();
      const approximate = await pgDenseSearch(database.db, input);
      indexLatency.push(performance.now() - time);
      time = performance.now();
      const exact = await pgDenseSearch(database.db, { ...input, exact: true });
      exactLatency.push(performance.now() - time);
      recalls.push(recallAtK(approximate, exact));
    }
    offline.push(summariseRecall(efSearch, recalls, indexLatency, exactLatency));
  }

  output.err('  measuring HNSW recall on clustered (neural-like) vectors …');
  const clustered = createClusteredVectors({
    count: size,
    queries: queryCount,
    dimensions: embedder.dimensions,
  });
  const measured = await measureVectorIndex(database.db, {
    ...clustered,
    k: 10,
    efSearch: EF_SEARCH[0] as number,
  });
  const clusteredRecall = summariseRecall(
    EF_SEARCH[0] as number,
    measured.results.map((result) => recallAtK(result.approximate, result.exact)),
    measured.indexMs,
    measured.exactMs,
  );

  return {
    chunks: first.chunksWritten,
    documents: first.documentsIndexed,
    queries: corpus.queries.length,
    indexSeconds: round(indexMs / 1000, 1),
    indexChunksPerSecond: Math.round(first.chunksWritten / (indexMs / 1000)),
    hnswBuildSeconds: round(indexBuildMs / 1000, 1),
    reindexUnchangedSeconds: round(reindexMs / 1000, 2),
    reindexUnchangedDocuments: second.documentsUnchanged,
    hybridP50Ms: round(median(hybridMs), 1),
    hybridP95Ms: round(quantile(hybridMs, 0.95), 1),
    hybridHitAt5: round(hits / corpus.queries.length, 3),
    wordCountColdP50Ms: round(median(coldCountMs), 1),
    wordCountColdP95Ms: round(quantile(coldCountMs, 0.95), 1),
    wordCountP50Ms: round(median(cachedCountMs), 1),
    wordCountP95Ms: round(quantile(cachedCountMs, 0.95), 1),
    offline,
    clustered: { ...clusteredRecall, buildSeconds: round(measured.buildSeconds, 1) },
    rssMiB: Math.round(process.memoryUsage().rss / 1024 / 1024),
  };
}

function summariseRecall(
  efSearch: number,
  recalls: ReadonlyArray<{ strict: number; tolerant: number; nearest: number }>,
  indexMs: readonly number[],
  exactMs: readonly number[],
) {
  return {
    efSearch,
    recallAt10: round(mean(recalls.map((recall) => recall.strict)), 3),
    tolerantRecallAt10: round(mean(recalls.map((recall) => recall.tolerant)), 3),
    nearestFound: round(mean(recalls.map((recall) => recall.nearest)), 3),
    hnswP50Ms: round(median(indexMs), 1),
    exactP50Ms: round(median(exactMs), 1),
    speedup: round(median(exactMs) / median(indexMs), 1),
  };
}

type Figures = Awaited<ReturnType<typeof benchOneSize>>;

function printFigures(output: Output, figures: Figures): void {
  output.out(
    `\n${figures.chunks} chunks (${figures.documents} documents, ${figures.queries} queries)`,
  );
  output.out(
    `  indexing            ${figures.indexChunksPerSecond} chunks/s (${figures.indexSeconds} s, HNSW build ${figures.hnswBuildSeconds} s of it)`,
  );
  output.out(
    `  unchanged re-index  ${figures.reindexUnchangedSeconds} s (${figures.reindexUnchangedDocuments} documents unchanged)`,
  );
  output.out(
    `  hybrid search       p50 ${figures.hybridP50Ms} ms, p95 ${figures.hybridP95Ms} ms (right document in top 5: ${figures.hybridHitAt5})`,
  );
  output.out(
    `  word frequencies    p50 ${figures.wordCountP50Ms} ms, p95 ${figures.wordCountP95Ms} ms with counts reused; every word counted: p50 ${figures.wordCountColdP50Ms} ms, p95 ${figures.wordCountColdP95Ms} ms`,
  );
  const line = (label: string, recall: ReturnType<typeof summariseRecall>) =>
    output.out(
      `  ${label.padEnd(19)} ef_search ${recall.efSearch}: recall@10 ${recall.recallAt10} ` +
        `(within 1% of the 10th distance: ${recall.tolerantRecallAt10}; nearest found: ${recall.nearestFound}); ` +
        `HNSW p50 ${recall.hnswP50Ms} ms vs exact ${recall.exactP50Ms} ms (${recall.speedup}x)`,
    );
  for (const recall of figures.offline) line('HNSW, offline', recall);
  line('HNSW, clustered', figures.clustered);
  output.out(`  process RSS         ${figures.rssMiB} MiB`);
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
