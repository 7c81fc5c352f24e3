import type { EmbedOptions, Embedder } from '@clarify/core';

export type CountingEmbedder = Embedder & {
  /** How many times embed() was called. */
  readonly calls: number;
  /** How many texts were passed to embed() in total. */
  readonly texts: number;
  /** Sets both counters back to zero, e.g. between a first and a second index run. */
  reset(): void;
};

/**
 * Wraps an embedder and counts its use, to prove for instance that re-indexing an unchanged
 * corpus makes zero embedding calls. `model`, `dimensions` and results come from `inner`.
 */
export function createCountingEmbedder(inner: Embedder): CountingEmbedder {
  let calls = 0;
  let texts = 0;
  return {
    get model() {
      return inner.model;
    },
    get dimensions() {
      return inner.dimensions;
    },
    get calls() {
      return calls;
    },
    get texts() {
      return texts;
    },
    embed(inputs: readonly string[], options?: EmbedOptions): Promise<Float32Array[]> {
      calls += 1;
      texts += inputs.length;
      return inner.embed(inputs, options);
    },
    reset() {
      calls = 0;
      texts = 0;
    },
  };
}
