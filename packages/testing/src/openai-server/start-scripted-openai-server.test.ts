import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedOpenAiServer } from './start-scripted-openai-server';
import type { ScriptedOpenAiServer } from './start-scripted-openai-server';

let server: ScriptedOpenAiServer;

beforeEach(async () => {
  server = await startScriptedOpenAiServer({ embeddingDimensions: 4 });
});

afterEach(async () => {
  await server.close();
});

async function post(path: string, body: unknown, signal?: AbortSignal) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-key' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal: signal ?? null,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text };
}

function json(text: string): unknown {
  return JSON.parse(text) as unknown;
}

describe('startScriptedOpenAiServer', () => {
  it('listens on 127.0.0.1 with a base URL ending in /v1', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
  });

  it('answers embeddings in OpenAI shape with deterministic unit vectors', async () => {
    const first = await post('/embeddings', {
      model: 'm',
      input: ['alpha', 'beta'],
      dimensions: 3,
    });
    const second = await post('/embeddings', { model: 'm', input: ['beta'], dimensions: 3 });
    expect(first.status).toBe(200);
    const body = json(first.text) as {
      data: { object: string; index: number; embedding: number[] }[];
      [key: string]: unknown;
    };
    expect(body).toMatchObject({
      object: 'list',
      model: 'm',
      usage: { prompt_tokens: 3, total_tokens: 3 },
    });
    expect(body.data.map(({ object, index }) => ({ object, index }))).toEqual([
      { object: 'embedding', index: 0 },
      { object: 'embedding', index: 1 },
    ]);
    const [alpha, beta] = body.data.map(({ embedding }) => embedding);
    expect(alpha).toHaveLength(3);
    expect(Math.hypot(...(alpha ?? []))).toBeCloseTo(1, 5);
    expect(alpha).not.toEqual(beta);
    expect((json(second.text) as typeof body).data[0]?.embedding).toEqual(beta);
  });

  it('uses the default dimensions when the request has none, and base64 when asked', async () => {
    const floats = json((await post('/embeddings', { model: 'm', input: 'x' })).text) as {
      data: { embedding: number[] }[];
    };
    expect(floats.data[0]?.embedding).toHaveLength(4);
    const encoded = json(
      (await post('/embeddings', { model: 'm', input: 'x', encoding_format: 'base64' })).text,
    ) as { data: { embedding: string }[] };
    const bytes = Buffer.from(encoded.data[0]?.embedding ?? '', 'base64');
    const decoded = Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4));
    expect(decoded).toEqual(floats.data[0]?.embedding);
  });

  it('rejects an empty input as OpenAI does', async () => {
    const response = await post('/embeddings', { model: 'm', input: ['ok', ''] });
    expect(response.status).toBe(400);
    expect(json(response.text)).toMatchObject({ error: { type: 'invalid_request_error' } });
  });

  it('records method, path, headers and parsed body of each request', async () => {
    await post('/embeddings', { model: 'm', input: 'x' });
    await post('/chat/completions', '{not json');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]).toMatchObject({
      method: 'POST',
      path: '/v1/embeddings',
      headers: { authorization: 'Bearer test-key' },
      body: { model: 'm', input: 'x' },
    });
    expect(server.requests[1]?.body).toBe('{not json');
  });

  it('answers chat completions with the default reply and usage', async () => {
    const response = await post('/chat/completions', {
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Hello?' }],
    });
    expect(json(response.text)).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-test',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Scripted reply.' },
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: expect.any(Number) as number,
        completion_tokens: 4,
        total_tokens: expect.any(Number) as number,
      },
    });
  });

  it('uses the configured chat handler, and scripted replies and refusals per call', async () => {
    const custom = await startScriptedOpenAiServer({
      chatReply: (body) => ({ echoedModel: body['model'] }),
    });
    const ask = async () => {
      const response = await fetch(`${custom.url}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ model: 'm', messages: [] }),
      });
      return (json(await response.text()) as { choices: { message: unknown }[] }).choices[0]
        ?.message;
    };
    try {
      custom.script({ reply: 'first' }, { refusal: 'I cannot help with that.' });
      expect(await ask()).toMatchObject({ content: 'first', refusal: null });
      expect(await ask()).toMatchObject({ content: null, refusal: 'I cannot help with that.' });
      expect(await ask()).toMatchObject({ content: JSON.stringify({ echoedModel: 'm' }) });
    } finally {
      await custom.close();
    }
  });

  it('plays scripted faults in order, then falls back to the default handler', async () => {
    server.script(
      { status: 429, retryAfterSeconds: 2 },
      { status: 500 },
      { status: 400, message: 'bad input' },
      { malformedJson: true },
      { body: { custom: true }, status: 201 },
    );
    const responses: Awaited<ReturnType<typeof post>>[] = [];
    for (let index = 0; index < 6; index++) {
      responses.push(await post('/embeddings', { model: 'm', input: 'x' }));
    }
    expect(responses.map(({ status }) => status)).toEqual([429, 500, 400, 200, 201, 200]);
    expect(responses[0]?.headers.get('retry-after')).toBe('2');
    expect(json(responses[0]?.text ?? '')).toMatchObject({
      error: { code: 'rate_limit_exceeded' },
    });
    expect(json(responses[2]?.text ?? '')).toMatchObject({ error: { message: 'bad input' } });
    expect(() => json(responses[3]?.text ?? '')).toThrow(SyntaxError);
    expect(responses[3]?.headers.get('content-type')).toBe('application/json');
    expect(json(responses[4]?.text ?? '')).toEqual({ custom: true });
    expect(json(responses[5]?.text ?? '')).toMatchObject({ object: 'list' });
    expect(server.unusedScriptCount()).toBe(0);
  });

  it('repeats a reply `times` times and only for its path', async () => {
    server.script({ path: '/v1/chat/completions', status: 503, times: 2 });
    expect((await post('/embeddings', { model: 'm', input: 'x' })).status).toBe(200);
    const chat = { model: 'm', messages: [] };
    expect((await post('/chat/completions', chat)).status).toBe(503);
    expect((await post('/chat/completions', chat)).status).toBe(503);
    expect((await post('/chat/completions', chat)).status).toBe(200);
  });

  it('gives a reply with ifContains only to requests whose messages contain the text', async () => {
    server.script(
      { ifContains: 'Okta', reply: 'about Okta' },
      { ifContains: 'quoted "VPN" › title', status: 503 },
    );
    const chat = (content: string) =>
      post('/chat/completions', { model: 'm', messages: [{ role: 'user', content }] });
    const reply = (text: string) =>
      (json(text) as { choices: { message: { content: string } }[] }).choices[0]?.message.content;
    expect(reply((await chat('Reset the VPN password')).text)).toBe('Scripted reply.');
    // Matched on the message text, not on its JSON-escaped form in the body.
    expect((await chat('Passage: quoted "VPN" › title')).status).toBe(503);
    expect(reply((await chat('Reset the Okta password')).text)).toBe('about Okta');
    expect(reply((await chat('Reset the Okta password')).text)).toBe('Scripted reply.');
    server.script({ ifContains: '"input":"x"', status: 500 });
    expect((await post('/embeddings', { model: 'm', input: 'y' })).status).toBe(200);
    expect((await post('/embeddings', { model: 'm', input: 'x' })).status).toBe(500);
    expect(server.unusedScriptCount()).toBe(0);
  });

  it('delays a reply by delayMs', async () => {
    server.script({ delayMs: 150 });
    const started = performance.now();
    const response = await post('/embeddings', { model: 'm', input: 'x' });
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('answers 404 for unknown paths', async () => {
    expect((await post('/completions', {})).status).toBe(404);
  });

  it('closes promptly while a hung request is pending, failing that request', async () => {
    server.script({ delayMs: 60_000 });
    const pending = post('/embeddings', { model: 'm', input: 'x' }).then(
      () => 'answered',
      () => 'failed',
    );
    await expect.poll(() => server.requests.length).toBe(1);
    const started = performance.now();
    await server.close();
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(await pending).toBe('failed');
  });

  it('can be closed twice', async () => {
    await server.close();
    await expect(server.close()).resolves.toBeUndefined();
  });
});
