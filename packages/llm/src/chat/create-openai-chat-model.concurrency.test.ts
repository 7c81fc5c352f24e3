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
