import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeBotConnector } from './start-fake-bot-connector';
import type { FakeBotConnector } from './start-fake-bot-connector';

let connector: FakeBotConnector;

beforeEach(async () => {
  connector = await startFakeBotConnector();
});

afterEach(async () => {
  await connector.close();
});

async function send(text: string, signal?: AbortSignal) {
  const response = await fetch(`${connector.serviceUrl}v3/conversations/c1/activities`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'message', text }),
    ...(signal === undefined ? {} : { signal }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json(),
  };
}

const statuses = () => connector.calls().map(({ status }) => status);

describe('startFakeBotConnector faults', () => {
  it('answers 429 with Retry-After for exactly the next N calls, then recovers', async () => {
    connector.fail(2, { status: 429, retryAfterSeconds: 7 });
    const first = await send('a');
    const second = await send('b');
    const third = await send('c');
    expect([first.status, second.status, third.status]).toEqual([429, 429, 201]);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(first.body).toEqual({
      error: { code: 'TooManyRequests', message: expect.any(String) as string },
    });
    expect(third.body).toEqual({ id: 'act-1' });
    expect(statuses()).toEqual([429, 429, 201]);
    expect(connector.calls()[0]).not.toHaveProperty('activityId');
    expect(connector.activities().map(({ activity }) => activity['text'])).toEqual(['c']);
  });

  it('defaults Retry-After to 1 second', async () => {
    connector.fail(1, { status: 429 });
    expect((await send('a')).headers.get('retry-after')).toBe('1');
  });

  it('queues failures in order across routes, without a Retry-After for 5xx', async () => {
    connector.fail(1, { status: 503 });
    connector.fail(1, { status: 401 });
    const first = await send('a');
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBeNull();
    const update = await fetch(`${connector.serviceUrl}v3/conversations/c1/activities/act-9`, {
      method: 'PUT',
      body: JSON.stringify({ type: 'message', text: 'x' }),
    });
    expect(update.status).toBe(401);
    expect(await update.json()).toMatchObject({ error: { code: 'Unauthorized' } });
    expect((await send('b')).status).toBe(201);
    expect(connector.calls().map(({ kind, status }) => [kind, status])).toEqual([
      ['send', 503],
      ['update', 401],
      ['send', 201],
    ]);
    expect(connector.activities().map(({ id }) => id)).toEqual(['act-1']);
  });

  it('leaves a hanging call unanswered, recorded without a status', async () => {
    connector.fail(1, { hang: true });
    const outcome = await send('slow', AbortSignal.timeout(200)).catch((error: unknown) => error);
    expect(outcome).toBeInstanceOf(Error);
    expect(connector.calls()).toEqual([
      expect.objectContaining({ kind: 'send', status: undefined }),
    ]);
    expect((await send('fast')).status).toBe(201);
  });

  it('closes with a call still hanging', async () => {
    connector.fail(1, { hang: true });
    const pending = send('slow').catch((error: unknown) => error);
    await connector.waitFor(({ kind }) => kind === 'send', 1000);
    await connector.close();
    expect(await pending).toBeInstanceOf(Error);
    connector = await startFakeBotConnector();
  });

  it('destroys connections while down, and records nothing', async () => {
    expect((await send('before')).status).toBe(201);
    connector.down();
    await expect(send('during')).rejects.toThrow();
    await expect(fetch(connector.openIdMetadataUrl)).rejects.toThrow();
    connector.up();
    expect((await send('after')).status).toBe(201);
    expect(connector.calls().map(({ body }) => body?.['text'])).toEqual(['before', 'after']);
  });

  it('refuses a number of times that is not a positive integer', () => {
    expect(() => connector.fail(0, { status: 500 })).toThrow(RangeError);
  });
});
