import { ClarifyError } from '@clarify/core';

/**
 * Checks an embeddings response by hand (it crossed the network, so it is `unknown`) and returns
 * one vector per input in input order, placed by each item's `index`. Throws
 * ClarifyError('embedding_failed') for a wrong shape, count, index or vector length.
 */
export function parseEmbeddingResponse(
  response: unknown,
  inputCount: number,
  dimensions: number,
): Float32Array[] {
  const data = isRecord(response) ? response['data'] : undefined;
  if (!Array.isArray(data)) throw malformed('the response has no data list');
  if (data.length !== inputCount) {
    throw malformed(`the response has ${data.length} embeddings for ${inputCount} inputs`);
  }
  const vectors: (Float32Array | undefined)[] = new Array<Float32Array | undefined>(inputCount);
  data.forEach((item: unknown, position) => {
    const index = isRecord(item) && item['index'] !== undefined ? item['index'] : position;
    const embedding = isRecord(item) ? item['embedding'] : undefined;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= inputCount) {
      throw malformed(`embedding ${position} has an invalid index`);
    }
    if (vectors[index] !== undefined) throw malformed(`index ${index} appears twice`);
    vectors[index] = toVector(embedding, index, dimensions);
  });
  return vectors.map((vector) => vector ?? new Float32Array(dimensions));
}

function toVector(embedding: unknown, index: number, dimensions: number): Float32Array {
  if (!Array.isArray(embedding) || !embedding.every((value) => Number.isFinite(value))) {
    throw malformed(`embedding ${index} is not a list of numbers`);
  }
  if (embedding.length !== dimensions) {
    throw new ClarifyError(
      'embedding_failed',
      `embedding model returned ${embedding.length} dimensions, expected ${dimensions}`,
    );
  }
  return Float32Array.from(embedding as number[]);
}

function malformed(detail: string): ClarifyError {
  return new ClarifyError(
    'embedding_failed',
    `embedding API returned a malformed response: ${detail}`,
    {
      retryable: true,
    },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
