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

const channelThread = '19:abc@thread.tacv2;messageid=123';

/** Calls the Connector API as ConnectorClient does, with the conversation id URL-encoded. */
async function call(method: string, conversationId: string, activityId?: string, body?: unknown) {
  const path = [conversationId, 'activities', ...(activityId === undefined ? [] : [activityId])]
    .map(encodeURIComponent)
    .join('/');
  const response = await fetch(`${connector.serviceUrl}v3/conversations/${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: 'Bearer bot-token' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json(),
  };
}

describe('startFakeBotConnector', () => {
  it('serves the Connector API and the OpenID metadata from one base URL', async () => {
    expect(connector.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    expect(connector.serviceUrl).toBe(connector.url);
    expect(connector.issuer).toBe('https://api.botframework.com');
    const metadata = await (await fetch(connector.openIdMetadataUrl)).json();
    expect(metadata).toEqual({
      issuer: 'https://api.botframework.com',
      jwks_uri: `${connector.url}keys`,
      id_token_signing_alg_values_supported: ['RS256'],
    });
    const jwks = (await (await fetch(`${connector.url}keys`)).json()) as { keys: unknown[] };
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kty: 'RSA', use: 'sig', alg: 'RS256', endorsements: ['msteams'] }),
    ]);
  });

  it('takes its issuer from the options', async () => {
    const other = await startFakeBotConnector({ issuer: 'https://issuer.example' });
    const metadata = (await (await fetch(other.openIdMetadataUrl)).json()) as { issuer: string };
    expect([other.issuer, metadata.issuer]).toEqual([
      'https://issuer.example',
      'https://issuer.example',
    ]);
    await other.close();
  });

  it('decodes URL-encoded conversation ids and records sends and replies', async () => {
    const sent = await call('POST', channelThread, undefined, { type: 'message', text: 'hi' });
    const replied = await call('POST', channelThread, '123', { type: 'message', text: 'reply' });
    expect([sent.status, replied.status]).toEqual([201, 201]);
    expect([sent.body, replied.body]).toEqual([{ id: 'act-1' }, { id: 'act-2' }]);
    expect(connector.calls()).toEqual([
      {
        method: 'POST',
        kind: 'send',
        conversationId: channelThread,
        activityId: 'act-1',
        body: { type: 'message', text: 'hi' },
        authorization: 'Bearer bot-token',
        at: expect.any(Number) as number,
        status: 201,
      },
      expect.objectContaining({
        kind: 'reply',
        conversationId: channelThread,
        activityId: 'act-2',
        replyToId: '123',
      }),
    ]);
    expect(connector.activities(channelThread).map(({ activity }) => activity)).toEqual([
      { type: 'message', text: 'hi', id: 'act-1' },
      { type: 'message', text: 'reply', id: 'act-2' },
    ]);
    expect(connector.activities('a:1other')).toEqual([]);
  });

  it('applies updates and deletes to the stored activities', async () => {
    await call('POST', channelThread, undefined, { type: 'message', text: 'working…' });
    await call('POST', 'a:1personal', undefined, { type: 'message', text: 'dm' });
    const updated = await call('PUT', channelThread, 'act-1', { type: 'message', text: 'done' });
    expect(updated).toMatchObject({ status: 200, body: { id: 'act-1' } });
    await call('PUT', channelThread, 'act-1', { type: 'message', text: 'done!' });
    expect(connector.activities(channelThread)).toEqual([
      {
        id: 'act-1',
        conversationId: channelThread,
        activity: { type: 'message', text: 'done!', id: 'act-1' },
        updates: 2,
      },
    ]);
    expect((await call('DELETE', 'a:1personal', 'act-2')).status).toBe(200);
    expect(connector.activities().map(({ id }) => id)).toEqual(['act-1']);
    expect(connector.calls().map(({ kind, activityId }) => [kind, activityId])).toEqual([
      ['send', 'act-1'],
      ['send', 'act-2'],
      ['update', 'act-1'],
      ['update', 'act-1'],
      ['delete', 'act-2'],
    ]);
  });

  it('returns copies of the stored activities', async () => {
    await call('POST', 'a:1personal', undefined, { type: 'message', text: 'dm' });
    const [stored] = connector.activities();
    if (stored !== undefined) stored.activity['text'] = 'changed';
    expect(connector.activities()[0]?.activity['text']).toBe('dm');
  });

  it('answers 404 to unknown routes and 400 to a body that is not an activity', async () => {
    const members = await fetch(`${connector.url}v3/conversations/c1/members`);
    expect(members.status).toBe(404);
    expect(await members.json()).toEqual({
      error: {
        code: 'NotFound',
        message: expect.stringContaining('GET /v3/conversations/c1/members') as string,
      },
    });
    const bad = await fetch(`${connector.url}v3/conversations/c1/activities`, {
      method: 'POST',
      body: 'not json',
    });
    expect(bad.status).toBe(400);
    expect(connector.calls()).toEqual([
      expect.objectContaining({ kind: 'send', status: 400, body: undefined }),
    ]);
    expect(connector.activities()).toEqual([]);
  });

  it('waitFor resolves with a past call, then with a future one', async () => {
    await call('POST', 'c1', undefined, { type: 'message', text: 'first' });
    const past = await connector.waitFor(({ body }) => body?.['text'] === 'first');
    expect(past.activityId).toBe('act-1');
    const future = connector.waitFor(({ kind }) => kind === 'update', 2000);
    await call('PUT', 'c1', 'act-1', { type: 'message', text: 'second' });
    expect(await future).toMatchObject({ kind: 'update', activityId: 'act-1', status: 200 });
  });

  it('waitFor rejects after its timeout, listing the calls seen', async () => {
    await call('POST', 'c1', undefined, { type: 'message', text: 'only' });
    await expect(connector.waitFor(({ kind }) => kind === 'delete', 50)).rejects.toThrow(
      /No matching Connector call within 50 ms; 1 Connector call\(s\) seen:\n {2}1\. send c1 act-1 → 201 "only"/,
    );
  });

  it('rejects pending waits when it closes', async () => {
    const waiting = connector.waitFor(() => false);
    await connector.close();
    await expect(waiting).rejects.toThrow(/closed/);
    connector = await startFakeBotConnector();
  });
});
