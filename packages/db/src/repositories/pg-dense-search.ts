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

/** Vector-only nearest chunks (ids, nearest first): for benchmarks and diagnostics. */
export async function pgDenseSearch(db: AppDatabase, input: DenseSearchInput): Promise<number[]> {
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
    const rows = await queryRows<{ id: number | string }>(
      tx,
      sql`select c.id from chunks c where c.embedding_model = ${modelLiteral(input.model)}
          order by ${distance} limit ${input.k}`,
    );
    return rows.map((row) => Number(row.id));
  });
}
