import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { ClarifyError } from '@clarify/core';

const MODEL_NAME = /^[\w.:/@+-]{1,200}$/;

/** HNSW build parameters: pgvector's defaults (see docs/benchmarks.md for the measurements). */
export const HNSW_M = 16;
export const HNSW_EF_CONSTRUCTION = 64;

/** The model name as a SQL literal; model names come from configuration and are validated. */
export function modelLiteral(model: string): SQL {
  if (!MODEL_NAME.test(model)) {
    throw new ClarifyError('config_invalid', `invalid embedding model name "${model}"`);
  }
  return sql.raw(`'${model}'`);
}

export function dimensionsLiteral(dimensions: number): SQL {
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 16_000) {
    throw new ClarifyError('config_invalid', `invalid embedding dimensions ${dimensions}`);
  }
  return sql.raw(String(dimensions));
}

/** `embedding::vector(n)`: the expression both the HNSW index and the query order by. */
export function embeddingExpression(dimensions: number, alias?: string): SQL {
  const column = alias ? `"${alias}".embedding` : 'embedding';
  return sql`(${sql.raw(column)}::vector(${dimensionsLiteral(dimensions)}))`;
}

/** A stable index name per (model, dimensions), within Postgres' 63-character limit. */
export function vectorIndexName(model: string, dimensions: number): string {
  const digest = createHash('sha256').update(`${model}:${dimensions}`).digest('hex').slice(0, 12);
  return `chunks_embedding_hnsw_${digest}`;
}

/**
 * DDL of the partial HNSW index for one embedding model: cosine distance on the cast
 * expression, restricted to that model's rows, so several models can coexist in one column.
 */
export function vectorIndexDdl(model: string, dimensions: number): SQL {
  return sql`create index if not exists ${sql.raw(`"${vectorIndexName(model, dimensions)}"`)}
    on chunks using hnsw (${embeddingExpression(dimensions)} vector_cosine_ops)
    with (m = ${sql.raw(String(HNSW_M))}, ef_construction = ${sql.raw(String(HNSW_EF_CONSTRUCTION))})
    where embedding_model = ${modelLiteral(model)}`;
}
