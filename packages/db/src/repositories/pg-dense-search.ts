import { sql } from 'drizzle-orm';
import type { AppDatabase } from '../client/database';
import { queryRows } from '../client/query-rows';
import { toVectorLiteral } from '../schema/column-types';
import { dimensionsLiteral, embeddingExpression, modelLiteral } from './vector-index';

export type DenseSearchInput = {
  model: string;
  dimensions: number;
  vector: Float32Array;
  k: number;
  /** true: a sequential scan with exact distances (the baseline HNSW recall is measured against). */
  exact?: boolean;
  efSearch?: number;
};

export type DenseHit = { id: number; distance: number };

/** Vector-only nearest chunks, nearest first: for benchmarks and diagnostics. */
export async function pgDenseSearch(db: AppDatabase, input: DenseSearchInput): Promise<DenseHit[]> {
  const distance = sql`${embeddingExpression(input.dimensions, 'c')} <=> ${toVectorLiteral(input.vector)}::vector(${dimensionsLiteral(input.dimensions)})`;
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('hnsw.ef_search', ${String(input.efSearch ?? 100)}, true)`,
    );
    if (input.exact) {
      await tx.execute(
        sql`select set_config('enable_indexscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`,
      );
    }
    const rows = await queryRows<{ id: number | string; distance: number | string }>(
      tx,
      sql`select c.id, ${distance} as distance from chunks c
          where c.embedding_model = ${modelLiteral(input.model)}
          order by ${distance} limit ${input.k}`,
    );
    return rows.map((row) => ({ id: Number(row.id), distance: Number(row.distance) }));
  });
}
