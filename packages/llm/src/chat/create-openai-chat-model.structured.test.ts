import { isClarifyError } from '@clarify/core';
import type { ChatMessage } from '@clarify/core';
import { startScriptedOpenAiServer } from '@clarify/testing';
import type { ScriptedOpenAiServer } from '@clarify/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAiChatModel } from './create-openai-chat-model';
import type { OpenAiChatModelOptions } from './create-openai-chat-model';
import { zodSchema } from './zod-schema';

const API_KEY = 'sk-test-structured-0123456789';
const SCHEMA = zodSchema(
  'interpretation',
  z.object({ interpretation: z.string().min(1), answer: z.string().nullable() }),
);
const VALID = { interpretation: 'Office hours in Rotterdam', answer: 'Closed on Fridays.' };
const MESSAGES: ChatMessage[] = [
  { role: 'system', content: 'Give the one interpretation this passage answers.' },
  { role: 'user', content: 'When is the office closed?' },
];

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
    ...options,
  });
}

function extract(model: ReturnType<typeof createModel>) {
  return model.completeStructured({
    messages: MESSAGES,
    maxTokens: 200,
    purpose: 'extract-interpretation',
    schema: SCHEMA,
  });
}

function bodyOf(index: number): Record<string, unknown> {
  return server.requests[index]?.body as Record<string, unknown>;
}

function messagesOf(index: number): ChatMessage[] {
  return bodyOf(index)['messages'] as ChatMessage[];
}

describe('createOpenAiChatModel: completeStructured', () => {
  it('sends the schema as strict json_schema and returns the validated value', async () => {
    server.script({ reply: VALID });
    const result = await extract(createModel());

    expect(result).toMatchObject({ value: VALID, calls: 1 });
    expect(bodyOf(0)).toEqual({
      model: 'gpt-test',
      messages: MESSAGES,
      temperature: 0,
      max_tokens: 200,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'interpretation', schema: SCHEMA.jsonSchema, strict: true },
      },
    });
  });

  it('sums usage over attempts and counts calls', async () => {
    server.script(
      { body: completionBody('{"interpretation":', { prompt: 100, completion: 3 }) },
      { body: completionBody(JSON.stringify(VALID), { prompt: 130, completion: 20 }) },
    );
    const result = await extract(createModel());
    expect(result).toEqual({
      value: VALID,
      usage: { promptTokens: 230, completionTokens: 23 },
      calls: 2,
    });
  });

  it('retries malformed JSON once with a correction, then succeeds', async () => {
    server.script({ reply: 'Sure! Here is the JSON: {"interpretation": "x"' }, { reply: VALID });
    const result = await extract(createModel());

    expect(result).toMatchObject({ value: VALID, calls: 2 });
    expect(server.requests).toHaveLength(2);
    const retried = messagesOf(1);
    expect(retried.slice(0, 2)).toEqual(MESSAGES);
    expect(retried[2]).toEqual({
      role: 'assistant',
      content: 'Sure! Here is the JSON: {"interpretation": "x"',
    });
    expect(retried[3]?.role).toBe('user');
    expect(retried[3]?.content).toMatch(/^Your previous reply could not be used: .*not valid JSON/);
    expect(bodyOf(1)['response_format']).toEqual(bodyOf(0)['response_format']);
  });

  it('abstains with value null after two malformed replies, without throwing', async () => {
    server.script({ reply: 'not json' }, { reply: '{"interpretation": ' });
    const result = await extract(createModel());
    expect(result.value).toBeNull();
    expect(result.calls).toBe(2);
    expect(server.requests).toHaveLength(2);
    expect(result.usage.completionTokens).toBeGreaterThan(0);
  });

  it('retries JSON that fails schema validation, naming what was wrong', async () => {
    server.script({ reply: { interpretation: '', answer: 42 } }, { reply: VALID });
    const result = await extract(createModel());
    expect(result).toMatchObject({ value: VALID, calls: 2 });
    const correction = messagesOf(1)[3]?.content ?? '';
    expect(correction).toContain('did not match the schema "interpretation"');
    expect(correction).toContain('interpretation');
    expect(correction).toContain('answer');
  });

  it('abstains after two schema-invalid replies', async () => {
    server.script({ reply: { wrong: true }, times: 2 });
    expect(await extract(createModel())).toMatchObject({ value: null, calls: 2 });
  });

  it('accepts JSON inside a ```json code fence on the first call', async () => {
    server.script({ reply: `\`\`\`json\n${JSON.stringify(VALID, null, 2)}\n\`\`\`` });
    expect(await extract(createModel())).toMatchObject({ value: VALID, calls: 1 });
  });

  it('abstains on a refusal without retrying', async () => {
    server.script({ refusal: 'I cannot help with that.' });
    const result = await extract(createModel());
    expect(result).toMatchObject({ value: null, calls: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it('falls back to json_object when the server rejects json_schema, and stays there', async () => {
    server.script({
      status: 400,
      message: "Invalid parameter: 'response_format' of type 'json_schema' is not supported.",
    });
    server.script({ reply: VALID }, { reply: VALID });
    const model = createModel({ maxRetries: 3 });

    expect(await extract(model)).toMatchObject({ value: VALID, calls: 2 });
    expect(await extract(model)).toMatchObject({ value: VALID, calls: 1 });
    expect(server.requests).toHaveLength(3);
    expect(bodyOf(0)['response_format']).toMatchObject({ type: 'json_schema' });
    for (const index of [1, 2]) {
      expect(bodyOf(index)['response_format']).toEqual({ type: 'json_object' });
      expectSchemaInSystemPrompt(messagesOf(index));
    }
  });

  it('in json_object mode describes the schema in the system prompt', async () => {
    server.script({ reply: VALID });
    const result = await extract(createModel({ structuredOutput: 'json_object' }));
    expect(result.value).toEqual(VALID);
    expect(bodyOf(0)['response_format']).toEqual({ type: 'json_object' });
    const messages = messagesOf(0);
    expect(messages).toHaveLength(2);
    expect(messages[0]?.content).toMatch(/^Give the one interpretation this passage answers\./);
    expectSchemaInSystemPrompt(messages);
    expect(messages[1]).toEqual(MESSAGES[1]);
  });

  it('adds a system message for the schema when there is none', async () => {
    await createModel({ structuredOutput: 'json_object' }).completeStructured({
      messages: [{ role: 'user', content: 'Hi' }],
      maxTokens: 20,
      purpose: 'extract-interpretation',
      schema: SCHEMA,
    });
    const messages = messagesOf(0);
    expect(messages.map(({ role }) => role)).toEqual(['system', 'user']);
    expectSchemaInSystemPrompt(messages);
  });

  it('throws on a 400 that is not about response_format, after one request', async () => {
    server.script({ status: 400, message: 'This model maximum context length is 8192 tokens.' });
    const error: unknown = await extract(createModel({ maxRetries: 3 })).catch(
      (caught: unknown) => caught,
    );
    expect(isClarifyError(error, 'llm_failed')).toBe(true);
    expect(server.requests).toHaveLength(1);
  });

  it('still throws ClarifyError for HTTP errors, after the SDK retries', async () => {
    server.script({ status: 500, retryAfterSeconds: 0, times: 2 });
    const error: unknown = await extract(createModel({ maxRetries: 1 })).catch(
      (caught: unknown) => caught,
    );
    expect(isClarifyError(error, 'llm_failed')).toBe(true);
    expect((error as Error).message).toMatch(/HTTP 500 after 2 attempts/);
    expect((error as Error).message).not.toContain(API_KEY);
    expect(server.requests).toHaveLength(2);
  });

  it('throws ClarifyError for a hung call that times out', async () => {
    server.script({ delayMs: 60_000 });
    const error: unknown = await extract(createModel({ timeoutMs: 300 })).catch(
      (caught: unknown) => caught,
    );
    expect(isClarifyError(error, 'llm_failed')).toBe(true);
    expect((error as Error).message).toContain('timed out after 300 ms');
  });
});

function expectSchemaInSystemPrompt(messages: readonly ChatMessage[]): void {
  const system = messages.find(({ role }) => role === 'system')?.content ?? '';
  expect(system).toContain('JSON');
  expect(system).toContain(JSON.stringify(SCHEMA.jsonSchema));
}

function completionBody(content: string, usage: { prompt: number; completion: number }) {
  return {
    id: 'chatcmpl-custom',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-test',
    choices: [
      { index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: 'stop' },
    ],
    usage: {
      prompt_tokens: usage.prompt,
      completion_tokens: usage.completion,
      total_tokens: usage.prompt + usage.completion,
    },
  };
}
