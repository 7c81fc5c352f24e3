import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import {
  createPgDocumentStore,
  createPgIndexJobStore,
  createPgSourceStore,
  openDatabase,
  pgDenseSearch,
} from './src/index';
import { createIndexer } from '@clarify/ingest';
import { createOfflineEmbedder } from '@clarify/llm';
import { createSyntheticCorpus } from '../../apps/cli/src/bench/synthetic-corpus';
const size = Number(process.argv[2] ?? 10000);
const database = await openDatabase({ dataDir: await mkdtemp(join(tmpdir(), 'exp-')) });
const embedder = createOfflineEmbedder();
const corpus = createSyntheticCorpus({ chunks: size, queries: 100 });
await createPgSourceStore(database.db).upsert({ id: 'b', name: 'b', type: 'files', settings: {} });
const store = createPgDocumentStore(database.db);
await createIndexer({
  documents: { ...store, ensureVectorIndex: async () => {} },
  jobs: createPgIndexJobStore(database.db),
  embedder,
  tryWithLock: database.tryWithLock,
}).run({ sourceId: 'b', reader: corpus.reader, trigger: 'cli' });
const vectors = await embedder.embed(corpus.queries.map((q) => q.text));
const exact: number[][] = [];
for (const v of vectors)
  exact.push(
    await pgDenseSearch(database.db, {
      model: embedder.model,
      dimensions: 384,
      vector: v,
      k: 10,
      exact: true,
    }),
  );
for (const [m, efc] of [[32, 128]]) {
  await database.db.execute(sql.raw(`drop index if exists hx`));
  const t = performance.now();
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('maintenance_work_mem','512MB',true)`);
    await tx.execute(
      sql.raw(
        `create index hx on chunks using hnsw ((embedding::vector(384)) vector_cosine_ops) with (m=${m}, ef_construction=${efc}) where embedding_model = '${embedder.model}'`,
      ),
    );
  });
  const build = performance.now() - t;
  for (const ef of [200, 300, 400, 600]) {
    let r = 0;
    const times: number[] = [];
    for (let i = 0; i < vectors.length; i++) {
      const s = performance.now();
      const a = await pgDenseSearch(database.db, {
        model: embedder.model,
        dimensions: 384,
        vector: vectors[i]!,
        k: 10,
        efSearch: ef,
      });
      times.push(performance.now() - s);
      const truth = new Set(exact[i]);
      r += a.filter((x) => truth.has(x)).length / 10;
    }
    times.sort((a, b) => a - b);
    console.log(
      `m=${m} efc=${efc} build=${(build / 1000).toFixed(1)}s ef=${ef} recall=${(r / vectors.length).toFixed(3)} p50=${times[50]!.toFixed(2)}ms`,
    );
  }
}
await database.close();
