import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClarifyConfig } from '@clarify/config';
import { createFilesSourceReader, type IndexProgress } from '@clarify/ingest';
import { openKnowledgeBase, type KnowledgeBase } from '@clarify/runtime';
import { createCorpusSourceReader } from '../benchmark/corpus-source-reader';
import type { Benchmark } from '../benchmark/read-benchmark';
import { corpusHash } from './corpus-hash';

const SOURCE_ID = 'benchmark';
const MARKER = 'index-complete.json';

export type BenchmarkIndex = {
  kb: KnowledgeBase;
  /** True when an index built earlier for the same corpus and settings was reused. */
  cached: boolean;
  documents: number;
  dataDir: string;
};

/**
 * A knowledge base of the benchmark's corpus in its own PGlite folder under `cacheDir`, named
 * by the corpus hash: the first run indexes it (a marker file is written only once indexing
 * completed), later runs with the same corpus and settings reuse it. Never the user's own
 * database: an evaluation must not mix with, or change, real sources.
 */
export async function openBenchmarkIndex(
  benchmark: Benchmark,
  options: {
    config: ClarifyConfig;
    cacheDir: string;
    onProgress?: (progress: IndexProgress) => void;
  },
): Promise<BenchmarkIndex> {
  const { config } = options;
  const hash = await corpusHash(benchmark.corpus, {
    embeddingModel: config.embedding.provider === 'offline' ? 'offline' : config.embedding.model,
    dimensions: config.embedding.dimensions,
    chunking: config.chunking,
  });
  const dataDir = join(options.cacheDir, hash.slice(0, 16));
  const marker = join(dataDir, MARKER);
  const cached = existsSync(marker);
  if (!cached) {
    await rm(dataDir, { recursive: true, force: true });
    await mkdir(dataDir, { recursive: true });
  }
  const kb = await openKnowledgeBase({
    ...config,
    dataDir,
    database: { ...config.database, url: undefined },
  });
  try {
    if (cached) {
      const { documents } = JSON.parse(await readFile(marker, 'utf8')) as { documents: number };
      return { kb, cached, documents, dataDir };
    }
    const { corpus } = benchmark;
    await kb.sources.upsert({
      id: SOURCE_ID,
      name: 'Benchmark corpus',
      type: 'files',
      settings: { path: corpus.path },
    });
    const job = await kb.indexer.run({
      sourceId: SOURCE_ID,
      trigger: 'cli',
      reader:
        corpus.kind === 'docs'
          ? createFilesSourceReader({ path: corpus.path })
          : createCorpusSourceReader(corpus.documents),
      confirmDeletions: true,
      onProgress: options.onProgress,
    });
    const documents = job.documentsIndexed + job.documentsUnchanged;
    await writeFile(marker, JSON.stringify({ hash, documents, builtAt: new Date().toISOString() }));
    return { kb, cached, documents, dataDir };
  } catch (error) {
    await kb.close();
    throw error;
  }
}
