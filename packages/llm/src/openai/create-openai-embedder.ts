import { ClarifyError } from '@clarify/core';
import type { EmbedOptions, Embedder } from '@clarify/core';
import { parseEmbeddingResponse } from './parse-embedding-response';
import { createOpenAiClient } from './create-openai-client';
import { isWholeNumber } from './is-whole-number';
import { toOpenAiError } from './to-openai-error';

export type OpenAiEmbedderOptions = {
  /** An OpenAI-compatible API's base URL, ending in /v1; OpenAI's by default. */
  baseUrl?: string;
  apiKey: string;
  model: string;
  /** Expected vector length; every returned vector is checked against it. */
  dimensions: number;
  /** Texts per request; 64 by default (OpenAI accepts up to 2,048). */
  batchSize?: number;
  /** Timeout of each HTTP attempt; 30,000 ms by default. */
  timeoutMs?: number;
  /**
   * Retries of 408/409/429/5xx, timeouts and connection errors, with backoff honouring
   * Retry-After (done by the SDK); 3 by default.
   */
  maxRetries?: number;
  /** Send `dimensions` (text-embedding-3 supports it); false for servers that reject it. */
  sendDimensions?: boolean;
};

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const MAX_BATCH_SIZE = 2_048;

/**
 * An embedder for OpenAI's and compatible embeddings APIs, through the official SDK. Batches the
 * input and keeps its order; each attempt has a timeout and the SDK retries rate limits and
 * server errors (honouring Retry-After) but not other 4xx. Failures, cancellation through
 * `signal` included, reject with ClarifyError('embedding_failed'); messages never contain the key.
 * Empty texts are sent as a single space, because OpenAI rejects empty input.
 */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const settings = checkOptions(options);
  const client = createOpenAiClient(settings);

  async function embedBatch(texts: readonly string[], signal: AbortSignal | undefined) {
    let response: unknown;
    try {
      response = await client.embeddings.create(
        {
          model: settings.model,
          input: texts.map((text) => (text === '' ? ' ' : text)),
          ...(settings.sendDimensions ? { dimensions: settings.dimensions } : {}),
          encoding_format: 'float',
        },
        { signal },
      );
    } catch (error) {
      throw toOpenAiError(error, {
        ...settings,
        code: 'embedding_failed',
        operation: 'embedding request',
      });
    }
    return parseEmbeddingResponse(response, texts.length, settings.dimensions);
  }

  async function embed(
    texts: readonly string[],
    embedOptions: EmbedOptions = {},
  ): Promise<Float32Array[]> {
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += settings.batchSize) {
      if (embedOptions.signal?.aborted === true) {
        const cause: unknown = embedOptions.signal.reason;
        throw new ClarifyError('embedding_failed', 'embedding request was cancelled', { cause });
      }
      const batch = texts.slice(start, start + settings.batchSize);
      vectors.push(...(await embedBatch(batch, embedOptions.signal)));
    }
    return vectors;
  }

  return { model: settings.model, dimensions: settings.dimensions, embed };
}

function checkOptions(options: OpenAiEmbedderOptions) {
  const settings = {
    baseUrl: options.baseUrl ?? OPENAI_BASE_URL,
    apiKey: options.apiKey,
    model: options.model,
    dimensions: options.dimensions,
    batchSize: options.batchSize ?? 64,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 3,
    sendDimensions: options.sendDimensions ?? true,
  };
  const problems = [
    settings.apiKey.trim() === '' && 'apiKey is empty',
    settings.model.trim() === '' && 'model is empty',
    !isWholeNumber(settings.dimensions, 1) && 'dimensions must be a positive integer',
    !isWholeNumber(settings.batchSize, 1, MAX_BATCH_SIZE) &&
      `batchSize must be from 1 to ${MAX_BATCH_SIZE}`,
    !isWholeNumber(settings.timeoutMs, 1) && 'timeoutMs must be a positive integer',
    !isWholeNumber(settings.maxRetries, 0) && 'maxRetries must be a non-negative integer',
    !URL.canParse(settings.baseUrl) && 'baseUrl is not a URL',
  ].filter((problem) => problem !== false);
  if (problems.length > 0) {
    throw new ClarifyError('config_invalid', `OpenAI embedder: ${problems.join('; ')}`);
  }
  return settings;
}
