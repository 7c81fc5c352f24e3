import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../client/database';
import { queryRows } from '../client/query-rows';
import { toVectorLiteral } from '../schema/column-types';
import { HNSW_EF_CONSTRUCTION, HNSW_M } from '../repositories/vector-index';

export type VectorIndexFigures = {
  rows: number;
  buildSeconds: number;
  /** Per query: the ids and distances the index returned, and the exact ones. */
  results: Array<{ approximate: Hit[]; exact: Hit[] }>;
  indexMs: number[];
  exactMs: number[];
};

type Hit = { id: number; distance: number };

/**
 * Measures pgvector's HNSW index (same build parameters as the chunks index) on a given set of
 * vectors in a scratch table: build time, and for each query the approximate and the exact
 * nearest neighbours. For benchmarks only; the table is dropped afterwards.
 */
export async function measureVectorIndex(
  db: AppDatabase,
  input: {
    vectors: readonly Float32Array[];
    queries: readonly Float32Array[];
    k: number;
    efSearch: number;
  },
): Promise<VectorIndexFigures> {
  const dimensions = input.vectors[0]?.length ?? 0;
  const type = sql.raw(`vector(${dimensions})`);
  await db.execute(sql`drop table if exists bench_vectors`);
  await db.execute(
    sql`create table bench_vectors (id integer primary key, embedding ${type} not null)`,
  );
  try {
    for (let start = 0; start < input.vectors.length; start += 500) {
      const rows = input.vectors
        .slice(start, start + 500)
        .map((vector, offset) => sql`(${start + offset}, ${toVectorLiteral(vector)}::${type})`);
      await db.execute(
        sql`insert into bench_vectors (id, embedding) values ${sql.join(rows, sql`, `)}`,
      );
    }
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('maintenance_work_mem', '512MB', true)`);
      await tx.execute(
        sql`create index bench_vectors_hnsw on bench_vectors using hnsw (embedding vector_cosine_ops)
            with (m = ${sql.raw(String(HNSW_M))}, ef_construction = ${sql.raw(String(HNSW_EF_CONSTRUCTION))})`,
      );
    });
    const buildSeconds = (performance.now() - started) / 1000;

    const results: VectorIndexFigures['results'] = [];
    const indexMs: number[] = [];
    const exactMs: number[] = [];
    for (const query of input.queries) {
      const search = (exact: boolean) =>
        db.transaction(async (tx) => {
          await tx.execute(
            sql`select set_config('hnsw.ef_search', ${String(input.efSearch)}, true)`,
          );
          if (exact) await tx.execute(sql`select set_config('enable_indexscan', 'off', true)`);
          const literal = sql`${toVectorLiteral(query)}::${type}`;
          const rows = await queryRows<{ id: number; distance: number | string }>(
            tx,
            sql`select id, embedding <=> ${literal} as distance from bench_vectors
                order by embedding <=> ${literal} limit ${input.k}`,
          );
          return rows.map((row) => ({ id: Number(row.id), distance: Number(row.distance) }));
        });
      let time = performance.now();
      const approximate = await search(false);
      indexMs.push(performance.now() - time);
      time = performance.now();
      const exact = await search(true);
      exactMs.push(performance.now() - time);
      results.push({ approximate, exact });
    }
    return { rows: input.vectors.length, buildSeconds, results, indexMs, exactMs };
  } finally {
    await db.execute(sql`drop table if exists bench_vectors`);
  }
}
