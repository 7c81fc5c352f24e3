import { isClarifyError } from '@clarify/core';
import type { ClarifyError } from '@clarify/core';
import { startScriptedOpenAiServer } from '@clarify/testing';
import type { ScriptedOpenAiServer } from '@clarify/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createOpenAiChatModel } from './create-openai-chat-model';
import type { OpenAiChatModelOptions } from './create-openai-chat-model';

const API_KEY = 'sk-test-chat-0123456789abcdef';
const QUESTION = { role: 'user', content: 'When is the office closed?' } as const;

let server: ScriptedOpenAiServer;

beforeEach(async () => {
  server = await startScriptedOpenAiServer();
});

afterEach(async () => {
  await server.close();
});

function createModel(options: Partial<OpenAiChatModelOptions> = {}) {
  return createOpenAiChatModel({
    baseUrl: server.url,
    apiKey: API_KEY,
    model: 'gpt-test',
    maxRetries: 0,
    timeoutMs: 5_000,
    ...options,
  });
}

function ask(model: ReturnType<typeof createModel>, signal?: AbortSignal) {
  return model.complete({ messages: [QUESTION], maxTokens: 50, purpose: 'answer', signal });
}

async function llmError(promise: Promise<unknown>): Promise<ClarifyError> {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isClarifyError(error, 'llm_failed'))
    throw new Error(`expected llm_failed, got ${String(error)}`);
  expect(error.message).not.toContain(API_KEY);
  return error;
}

describe('createOpenAiChatModel: complete', () => {
  it('sends model, messages, temperature 0 and max_tokens, and returns text and usage', async () => {
    const model = createModel();
    const completion = await model.complete({
      messages: [{ role: 'system', content: 'Answer briefly.' }, QUESTION],
      maxTokens: 120,
      purpose: 'answer',
    });

    expect(model.model).toBe('gpt-test');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      path: '/v1/chat/completions',
      headers: { authorization: `Bearer ${API_KEY}` },
    });
    expect(server.requests[0]?.body).toEqual({
      model: 'gpt-test',
      messages: [{ role: 'system', content: 'Answer briefly.' }, QUESTION],
      temperature: 0,
      max_tokens: 120,
    });
    expect(completion.text).toBe('Scripted reply.');
    expect(completion.usage.completionTokens).toBe(4);
    expect(completion.usage.promptTokens).toBeGreaterThan(0);
  });

  it('passes a requested temperature and reports the usage the server sends', async () => {
    server.script({ body: completionBody('Closed on Fridays.', { prompt: 31, completion: 7 }) });
    const completion = await createModel().complete({
      messages: [QUESTION],
      maxTokens: 50,
      temperature: 0.7,
      purpose: 'answer',
    });
    expect(server.requests[0]?.body).toMatchObject({ temperature: 0.7 });
    expect(completion).toEqual({
      text: 'Closed on Fridays.',
      usage: { promptTokens: 31, completionTokens: 7 },
    });
  });

  it('estimates usage at about four characters per token when the server omits it', async () => {
    server.script({ body: completionBody('x'.repeat(40)) });
    const completion = await ask(createModel());
    // 4 tokens of message overhead + ceil(26 / 4) for the question; 40 / 4 for the reply.
    expect(completion.usage).toEqual({ promptTokens: 11, completionTokens: 10 });
  });

  it('retries a 429 after the Retry-After delay, then succeeds', async () => {
    server.script({ status: 429, retryAfterSeconds: 0.5 });
    const completion = await ask(createModel({ maxRetries: 2 }));
    expect(completion.text).toBe('Scripted reply.');
    expect(server.requests).toHaveLength(2);
    const [first, second] = server.requests;
    expect((second?.receivedAt ?? 0) - (first?.receivedAt ?? 0)).toBeGreaterThanOrEqual(450);
  });

  it('retries a 500, then succeeds', async () => {
    server.script({ status: 500, retryAfterSeconds: 0 });
    expect((await ask(createModel({ maxRetries: 1 }))).text).toBe('Scripted reply.');
    expect(server.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with a retryable error naming the status', async () => {
    server.script({ status: 503, retryAfterSeconds: 0, times: 5 });
    const error = await llmError(ask(createModel({ maxRetries: 2 })));
    expect(server.requests).toHaveLength(3);
    expect(error.retryable).toBe(true);
    expect(error.message).toMatch(
      /^chat completion "answer" failed with HTTP 503 after 3 attempts/,
    );
  });

  it('fails fast on a 400 with one request and a non-retryable error', async () => {
    server.script({ status: 400, message: 'max_tokens is too large' });
    const error = await llmError(ask(createModel({ maxRetries: 3 })));
    expect(server.requests).toHaveLength(1);
    expect(error.retryable).toBe(false);
    expect(error.message).toBe(
      'chat completion "answer" failed with HTTP 400: max_tokens is too large',
    );
  });

  it('never puts the API key in the error, even when the server echoes it', async () => {
    server.script({ status: 401, message: `Incorrect API key provided: ${API_KEY}.` });
    const error = await llmError(ask(createModel()));
    expect(error.message).toContain('HTTP 401');
    expect(error.message).toContain('[redacted]');
    expect(String((error.cause as Error).message)).not.toContain(API_KEY);
  });

  it('times out a hung call within the configured timeout', async () => {
    server.script({ delayMs: 60_000 });
    const started = performance.now();
    const error = await llmError(ask(createModel({ timeoutMs: 300, maxRetries: 0 })));
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(error.message).toBe('chat completion "answer" timed out after 300 ms (1 attempt)');
    expect(error.retryable).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('rejects a response without a message as a retryable failure', async () => {
    server.script({ body: { object: 'chat.completion', choices: [] } });
    const error = await llmError(ask(createModel()));
    expect(error.message).toBe('chat completion "answer" failed: the API returned no message');
    expect(error.retryable).toBe(true);
  });

  it('reports an unreachable server as retryable', async () => {
    const url = server.url;
    await server.close();
    const error = await llmError(ask(createModel({ baseUrl: url })));
    expect(error.retryable).toBe(true);
    expect(error.message).toContain('API unreachable');
  });

  it('honours an abort signal during a hung call', async () => {
    server.script({ delayMs: 60_000 });
    const controller = new AbortController();
    const pending = ask(createModel(), controller.signal);
    await expect.poll(() => server.requests.length).toBe(1);
    controller.abort();
    const error = await llmError(pending);
    expect(error.message).toBe('chat completion "answer" was cancelled');
  });

  it('sends nothing when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await llmError(ask(createModel(), controller.signal));
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a request without a positive whole maxTokens before sending it', async () => {
    for (const maxTokens of [0, 1.5, Number.NaN]) {
      const error: unknown = await createModel()
        .complete({ messages: [QUESTION], maxTokens, purpose: 'answer' })
        .catch((caught: unknown) => caught);
      expect(isClarifyError(error, 'invalid_input')).toBe(true);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('rejects invalid options with config_invalid, without echoing the key', () => {
    for (const options of [
      { apiKey: ' ' },
      { model: '' },
      { timeoutMs: 0 },
      { maxRetries: -1 },
      { maxConcurrency: 0 },
      { structuredOutput: 'tools' as 'json_object' },
      { baseUrl: 'not a url' },
    ]) {
      let error: unknown;
      try {
        createModel(options);
      } catch (caught) {
        error = caught;
      }
      expect(isClarifyError(error, 'config_invalid')).toBe(true);
      expect((error as Error).message).not.toContain(API_KEY);
    }
  });
});

function completionBody(content: string, usage?: { prompt: number; completion: number }) {
  return {
    id: 'chatcmpl-custom',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-test',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
      },
    ],
    ...(usage === undefined
      ? {}
      : {
          usage: {
            prompt_tokens: usage.prompt,
            completion_tokens: usage.completion,
            total_tokens: usage.prompt + usage.completion,
          },
        }),
  };
}

describe('createOpenAiChatModel: concurrency', () => {
  it('keeps at most maxConcurrency requests in flight, measured on the server', async () => {
    const finishedAt = new Map<string, number>();
    const slowServer = await startScriptedOpenAiServer({
      chatReply: (body) => {
        finishedAt.set(JSON.stringify(body['messages']), performance.now());
        return 'ok';
      },
    });
    try {
      slowServer.script({ delayMs: 120, times: 10 });
      const model = createOpenAiChatModel({
        baseUrl: slowServer.url,
        apiKey: API_KEY,
        model: 'gpt-test',
        maxConcurrency: 3,
      });
      const questions = Array.from({ length: 10 }, (_, index) => `question ${index}`);
      const answers = await Promise.all(
        questions.map((content) =>
          model.complete({ messages: [{ role: 'user', content }], maxTokens: 5, purpose: 'load' }),
        ),
      );

      expect(answers.map(({ text }) => text)).toEqual(Array(10).fill('ok'));
      const intervals = slowServer.requests.map((request) => ({
        start: request.receivedAt,
        end: finishedAt.get(JSON.stringify((request.body as { messages: unknown }).messages)) ?? 0,
      }));
      expect(intervals).toHaveLength(10);
      expect(maximumOverlap(intervals)).toBe(3);
    } finally {
      await slowServer.close();
    }
  });

  it('lets a call waiting for a slot be cancelled without sending it', async () => {
    server.script({ delayMs: 60_000 });
    const model = createModel({ maxConcurrency: 1 });
    const hung = llmError(ask(model));
    await expect.poll(() => server.requests.length).toBe(1);
    const controller = new AbortController();
    const waiting = ask(model, controller.signal);
    controller.abort();
    const error = await llmError(waiting);
    expect(error.message).toBe('chat completion "answer" was cancelled');
    expect(server.requests).toHaveLength(1);
    await server.close();
    await hung;
  });
});

/** The largest number of intervals that contain one instant. */
function maximumOverlap(intervals: readonly { start: number; end: number }[]): number {
  return Math.max(
    ...intervals.map(
      ({ start }) => intervals.filter((other) => other.start <= start && start < other.end).length,
    ),
  );
}
