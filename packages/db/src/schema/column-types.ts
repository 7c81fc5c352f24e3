import { customType } from 'drizzle-orm/pg-core';

/**
 * A pgvector column without a fixed dimension, so vectors of several embedding models can live
 * side by side. Each model gets its own HNSW expression index (`embedding::vector(n)`, partial on
 * `embedding_model`), see `ensureEmbeddingIndex`.
 */
export const vector = customType<{ data: Float32Array; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => toVectorLiteral(value),
  fromDriver: (value) => parseVectorLiteral(value),
});

/** Postgres `tsvector`; only ever written by a generated column. */
export const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

export function toVectorLiteral(value: ArrayLike<number>): string {
  let text = '[';
  for (let index = 0; index < value.length; index++) {
    if (index > 0) text += ',';
    text += String(value[index]);
  }
  return text + ']';
}

export function parseVectorLiteral(value: string): Float32Array {
  const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '');
  return Float32Array.from(inner === '' ? [] : inner.split(',').map(Number));
}
