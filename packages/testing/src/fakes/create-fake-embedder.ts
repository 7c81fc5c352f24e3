import { ClarifyError } from '@clarify/core';
import type { EmbedOptions, Embedder } from '@clarify/core';

export type FakeEmbedderOptions = {
  /** Vector length; 8 by default. */
  dimensions?: number;
  /** Reported as `model`; 'fake-embedder-<dimensions>' by default. */
  model?: string;
};

export type FakeEmbedder = Embedder & {
  /** The texts of every embed() call, in order. */
  readonly calls: readonly (readonly string[])[];
};

/**
 * A tiny deterministic embedder for unit tests: a bag of lower-cased words, each word counted in
 * one hashed dimension, L2-normalised. Texts sharing words have a positive cosine; a text without
 * words gets the unit vector on dimension 0. Records its calls; an aborted signal rejects with
 * ClarifyError('embedding_failed') like the real embedders. Not the offline embedder.
 */
export function createFakeEmbedder(options: FakeEmbedderOptions = {}): FakeEmbedder {
  const dimensions = options.dimensions ?? 8;
  const calls: string[][] = [];

  function embed(
    texts: readonly string[],
    embedOptions: EmbedOptions = {},
  ): Promise<Float32Array[]> {
    if (embedOptions.signal?.aborted === true) {
      const cause: unknown = embedOptions.signal.reason;
      return Promise.reject(
        new ClarifyError('embedding_failed', 'embedding was cancelled', { cause }),
      );
    }
    calls.push([...texts]);
    return Promise.resolve(texts.map((text) => bagOfWords(text, dimensions)));
  }

  return { model: options.model ?? `fake-embedder-${dimensions}`, dimensions, calls, embed };
}

function bagOfWords(text: string, dimensions: number): Float32Array {
  const vector = new Float32Array(dimensions);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 0;
    for (let index = 0; index < word.length; index++) {
      hash = (Math.imul(hash, 31) + word.charCodeAt(index)) | 0;
    }
    const bucket = Math.abs(hash) % dimensions;
    vector[bucket] = (vector[bucket] ?? 0) + 1;
  }
  const length = Math.hypot(...vector);
  if (length === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / length);
}
