import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callSlackApi } from './call-slack-api';
import { startFakeSlackApi } from './start-fake-slack-api';
import type { FakeSlackApi } from './start-fake-slack-api';

let fake: FakeSlackApi;

beforeEach(async () => {
  fake = await startFakeSlackApi();
});

afterEach(async () => {
  await fake.close();
});

const post = (channel: string, text: string) =>
  callSlackApi(fake.url, 'chat.postMessage', { channel, text });

describe('startFakeSlackApi faults', () => {
  it('answers 429 with Retry-After for the next calls, then recovers', async () => {
    fake.failNext('chat.postMessage', { status: 429, retryAfterSeconds: 7, times: 2 });
    const first = await post('C1', 'a');
    const second = await post('C1', 'b');
    const third = await post('C1', 'c');
    expect([first.status, second.status, third.status]).toEqual([429, 429, 200]);
    expect(first.headers.get('retry-after')).toBe('7');
    expect(first.body).toEqual({ ok: false, error: 'ratelimited' });
    expect(fake.messages('C1').map(({ text }) => text)).toEqual(['c']);
    expect(fake.callsTo('chat.postMessage').map(({ status }) => status)).toEqual([429, 429, 200]);
  });

  it('queues failures in order and fails only the named method', async () => {
    fake.failNext('chat.update', { error: 'ratelimited' });
    fake.failNext('chat.update', { status: 503 });
    const { ts } = (await post('C1', 'working…')).body;
    const update = () => callSlackApi(fake.url, 'chat.update', { channel: 'C1', ts, text: 'done' });
    const first = await update();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: false, error: 'ratelimited' });
    expect((await update()).status).toBe(503);
    expect((await update()).body).toMatchObject({ ok: true, text: 'done' });
  });

  it('rate-limits chat.* calls for one channel while others succeed', async () => {
    fake.rateLimitChannel('CSLOW', { retryAfterSeconds: 3, times: 2 });
    const results = await Promise.all([post('CSLOW', 'a'), post('CFAST', 'b'), post('CSLOW', 'c')]);
    expect(results.map(({ status }) => status)).toEqual([429, 200, 429]);
    expect(results[0]?.headers.get('retry-after')).toBe('3');
    const auth = await callSlackApi(fake.url, 'auth.test', { channel: 'CSLOW' });
    expect(auth.status).toBe(200);
    expect((await post('CSLOW', 'd')).status).toBe(200);
    expect(fake.messages('CSLOW').map(({ text }) => text)).toEqual(['d']);
  });

  it('holds the answers of a delayed method, applying the effect on arrival', async () => {
    fake.delay('chat.postMessage', 300);
    const started = performance.now();
    let answered = false;
    const pending = post('C1', 'slow').finally(() => (answered = true));
    const call = await fake.waitFor(({ method }) => method === 'chat.postMessage', 1000);
    expect(answered).toBe(false);
    expect(fake.messages('C1').map(({ text }) => text)).toEqual(['slow']);
    expect((await pending).body['ts']).toBe(call.result['ts']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    fake.delay('chat.postMessage', 0);
    expect((await post('C1', 'fast')).body).toMatchObject({ ok: true });
  });

  it('closes with a call still delayed, and rejects pending waits', async () => {
    fake.delay('auth.test', 10_000);
    const pending = callSlackApi(fake.url, 'auth.test', {}).catch((error: unknown) => error);
    await fake.waitFor(({ method }) => method === 'auth.test', 1000);
    const waiting = fake.waitFor(({ method }) => method === 'never', 10_000);
    await fake.close();
    await expect(waiting).rejects.toThrow(/closed/);
    expect(await pending).toBeInstanceOf(Error);
  });
});
