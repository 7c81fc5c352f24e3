import { ClarifyError } from '@clarify/core';
import type { EmbedOptions, Embedder } from '@clarify/core';
import { embedText } from './embed-text';

export type OfflineEmbedderOptions = {
  /** Vector length; 384 by default. */
  dimensions?: number;
};

const DEFAULT_DIMENSIONS = 384;
/** pgvector's limit for the `vector` type. */
const MAX_DIMENSIONS = 16_000;
/** Texts embedded between two yields to the event loop, so a large batch does not stall it. */
const TEXTS_PER_SLICE = 256;

/**
 * An embedder that needs no network or model: deterministic feature hashing of words, word pairs
 * and character n-grams (see `embedText`). Good enough to rank and cluster passages offline;
 * `model` names the algorithm and the dimensions, so its vectors are never mixed with others.
 * Texts without any word get the unit vector on dimension 0. An aborted `signal` rejects with
 * ClarifyError('embedding_failed') whose cause is the abort reason.
 */
export function createOfflineEmbedder(options: OfflineEmbedderOptions = {}): Embedder {
  const dimensions = options.dimensions ?? DEFAULT_DIMENSIONS;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > MAX_DIMENSIONS) {
    throw new ClarifyError(
      'config_invalid',
      `offline embedder dimensions must be an integer from 1 to ${MAX_DIMENSIONS}, got ${dimensions}`,
    );
  }

  async function embed(
    texts: readonly string[],
    embedOptions: EmbedOptions = {},
  ): Promise<Float32Array[]> {
    throwIfAborted(embedOptions.signal);
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += TEXTS_PER_SLICE) {
      if (start > 0) {
        await yieldToEventLoop();
        throwIfAborted(embedOptions.signal);
      }
      for (const text of texts.slice(start, start + TEXTS_PER_SLICE)) {
        vectors.push(embedText(text, dimensions));
      }
    }
    return vectors;
  }

  return { model: `offline-hash-v1-${dimensions}`, dimensions, embed };
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) {
    throw new ClarifyError('embedding_failed', 'embedding was cancelled', { cause: signal.reason });
  }
}
