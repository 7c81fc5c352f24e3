import { isClarifyError } from '@clarify/core';
import type { ClarifyError } from '@clarify/core';
import { startScriptedOpenAiServer } from '@clarify/testing';
import type { ScriptedOpenAiServer } from '@clarify/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiEmbedder } from './create-openai-embedder';
import type { OpenAiEmbedderOptions } from './create-openai-embedder';

const API_KEY = 'sk-test-0123456789abcdef';

let server: ScriptedOpenAiServer;

beforeEach(async () => {
  server = await startScriptedOpenAiServer();
});

afterEach(async () => {
  await server.close();
});

function createEmbedder(options: Partial<OpenAiEmbedderOptions> = {}) {
  return createOpenAiEmbedder({
    baseUrl: server.url,
    apiKey: API_KEY,
    model: 'text-embedding-3-small',
    dimensions: 8,
    maxRetries: 0,
    timeoutMs: 5_000,
    ...options,
  });
}

async function embeddingError(promise: Promise<unknown>): Promise<ClarifyError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isClarifyError(error, 'embedding_failed'))
    throw new Error(`expected embedding_failed, got ${String(error)}`);
  expect(error.message).not.toContain(API_KEY);
  return error;
}

function inputsOf(index: number): unknown {
  const body = server.requests[index]?.body;
  return typeof body === 'object' && body !== null && 'input' in body ? body.input : undefined;
}

describe('createOpenAiEmbedder', () => {
  it('batches, keeps the input order and sends model, dimensions and the key', async () => {
    const texts = Array.from({ length: 150 }, (_, index) => `passage number ${index}`);
    const embedder = createEmbedder({ batchSize: 64 });
    const vectors = await embedder.embed(texts);

    expect(embedder).toMatchObject({ model: 'text-embedding-3-small', dimensions: 8 });
    expect(server.requests.map(({ path }) => path)).toEqual(Array(3).fill('/v1/embeddings'));
    expect([0, 1, 2].map((index) => (inputsOf(index) as unknown[]).length)).toEqual([64, 64, 22]);
    for (const request of server.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
      expect(request.body).toMatchObject({
        model: 'text-embedding-3-small',
        dimensions: 8,
        encoding_format: 'float',
      });
    }
    expect(vectors).toHaveLength(150);
    const [expected] = await createEmbedder().embed([texts[100] ?? '']);
    expect(vectors[100]).toEqual(expected);
    expect(vectors[100]).toBeInstanceOf(Float32Array);
  });

  it('places vectors by the response index, not by position', async () => {
    const embedding = (value: number) => Array.from({ length: 8 }, () => value);
    server.script({
      body: {
        object: 'list',
        model: 'm',
        data: [
          { object: 'embedding', index: 1, embedding: embedding(1) },
          { object: 'embedding', index: 0, embedding: embedding(0) },
        ],
        usage: { prompt_tokens: 2, total_tokens: 2 },
      },
    });
    const [first, second] = await createEmbedder().embed(['a', 'b']);
    expect(first?.[0]).toBe(0);
    expect(second?.[0]).toBe(1);
  });

  it('omits dimensions when sendDimensions is false, and sends empty texts as a space', async () => {
    const embedder = createEmbedder({ sendDimensions: false, dimensions: 1536 });
    const vectors = await embedder.embed(['', 'text']);
    expect(vectors.map((vector) => vector.length)).toEqual([1536, 1536]);
    expect(server.requests[0]?.body).not.toHaveProperty('dimensions');
    expect(inputsOf(0)).toEqual([' ', 'text']);
  });

  it('makes no request for no texts', async () => {
    expect(await createEmbedder().embed([])).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it('retries a 429 after the Retry-After delay, then succeeds', async () => {
    server.script({ status: 429, retryAfterSeconds: 0.5 });
    const vectors = await createEmbedder({ maxRetries: 2 }).embed(['text']);
    expect(vectors).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(450);
  });

  it('retries a 500, then succeeds', async () => {
    server.script({ status: 500, retryAfterSeconds: 0 });
    const vectors = await createEmbedder({ maxRetries: 1 }).embed(['text']);
    expect(vectors).toHaveLength(1);
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with a retryable error naming the status', async () => {
    server.script({ status: 503, retryAfterSeconds: 0, times: 5 });
    const error = await embeddingError(createEmbedder({ maxRetries: 1 }).embed(['text']));
    expect(server.requests).toHaveLength(2);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(/^embedding request failed with HTTP 503 after 2 attempts: /);
  });

  it('fails fast on a 400 without retrying', async () => {
    server.script({ status: 400, message: 'input too long' });
    const error = await embeddingError(createEmbedder({ maxRetries: 3 }).embed(['text']));
    expect(server.requests).toHaveLength(1);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe('embedding request failed with HTTP 400: input too long');
  });

  it('never puts the API key in the message, even when the server echoes it', async () => {
    server.script({ status: 401, message: `Incorrect API key provided: ${API_KEY}.` });
    const error = await embeddingError(createEmbedder().embed(['text']));
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('[redacted]');
    expect(String((error.cause as Error).message)).not.toContain(API_KEY);
  });

  it('times out a hung call within the configured timeout', async () => {
    server.script({ delayMs: 60_000 });
    const started = performance.now();
    const error = await embeddingError(
      createEmbedder({ timeoutMs: 200, maxRetries: 0 }).embed(['text']),
    );
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(190);
    expect(elapsed).toBeLessThan(3_000);
    expect(error.message).toContain('timed out after 200 ms');
    expect(error.retryable).toBe(true);
  });

  it('retries a timed-out call up to maxRetries', async () => {
    server.script({ delayMs: 60_000, times: 2 });
    await embeddingError(createEmbedder({ timeoutMs: 200, maxRetries: 1 }).embed(['text']));
    expect(server.requests).toHaveLength(2);
  });

  it('rejects a malformed JSON body', async () => {
    server.script({ malformedJson: true });
    const error = await embeddingError(createEmbedder().embed(['text']));
    expect(error.message).toContain('invalid JSON');
  });

  it.each([
    ['no data list', { object: 'list' }],
    ['a wrong count', { data: [] }],
    ['a non-numeric vector', { data: [{ index: 0, embedding: ['x'] }] }],
    ['an out-of-range index', { data: [{ index: 3, embedding: [0, 0, 0, 0, 0, 0, 0, 0] }] }],
  ])('rejects a response with %s', async (_, body) => {
    server.script({ body });
    const error = await embeddingError(createEmbedder().embed(['text']));
    expect(error.message).toContain('malformed response');
  });

  it('rejects vectors of the wrong length', async () => {
    const embedder = createEmbedder({ sendDimensions: false, dimensions: 8 });
    const error = await embeddingError(embedder.embed(['text']));
    expect(error.message).toBe('embedding model returned 1536 dimensions, expected 8');
    expect(error.retryable).toBe(false);
  });

  it('reports an unreachable server as retryable', async () => {
    const url = server.url;
    await server.close();
    const error = await embeddingError(createEmbedder({ baseUrl: url }).embed(['text']));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('unreachable');
  });

  it('honours an abort signal during a hung call', async () => {
    server.script({ delayMs: 60_000 });
    const controller = new AbortController();
    const pending = createEmbedder().embed(['text'], { signal: controller.signal });
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    const error = await embeddingError(pending);
    expect(error.message).toBe('embedding request was cancelled');
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await embeddingError(createEmbedder().embed(['text'], { signal: controller.signal }));
    expect(server.requests).toHaveLength(0);
  });

  it('rejects invalid options with config_invalid, without echoing the key', () => {
    for (const options of [
      { apiKey: '' },
      { dimensions: 0 },
      { batchSize: 0 },
      { batchSize: 5_000 },
      { timeoutMs: -1 },
      { maxRetries: 1.5 },
      { baseUrl: 'not a url' },
    ]) {
      let error: unknown;
      try {
        createEmbedder(options);
      } catch (caught) {
        error = caught;
      }
      expect(isClarifyError(error, 'config_invalid')).toBe(true);
      expect((error as Error).message).not.toContain(API_KEY);
    }
  });
});
