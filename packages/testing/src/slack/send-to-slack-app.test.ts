import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendRaw, sendSlackAction, sendSlackEvent, sendSlashCommand } from './send-to-slack-app';
import { blockActionPayload, mentionEvent } from './slack-event-builders';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

const secret = 'test-signing-secret';
const received: Received[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ path: request.url ?? '', headers: request.headers, body });
    response.writeHead(request.headers['x-slack-signature'] === 'v0=bad' ? 401 : 200).end('');
  });
});
let appUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
});

/** The only request the app got, after checking its signature independently. */
function onlyRequest(): Received {
  expect(received).toHaveLength(1);
  const [request] = received;
  if (request === undefined) throw new Error('no request');
  const timestamp = String(request.headers['x-slack-request-timestamp']);
  const expected = createHmac('sha256', secret).update(`v0:${timestamp}:${request.body}`);
  expect(request.headers['x-slack-signature']).toBe(`v0=${expected.digest('hex')}`);
  expect(request.path).toBe('/slack/events');
  return request;
}

describe('sending to a Slack app', () => {
  it('posts a signed event_callback envelope as JSON, with retry headers when asked', async () => {
    const event = mentionEvent({ channel: 'C1', user: 'U1', text: 'hi', botUserId: 'UBOT' });
    const result = await sendSlackEvent(appUrl, secret, event, { eventId: 'Ev1', retryNum: 2 });
    expect(result.status).toBe(200);
    expect(result.elapsedMs).toBeGreaterThanOrEqual(0);
    const request = onlyRequest();
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-slack-retry-num']).toBe('2');
    expect(request.headers['x-slack-retry-reason']).toBe('http_timeout');
    expect(JSON.parse(request.body)).toMatchObject({
      type: 'event_callback',
      team_id: 'T0CLARIFY',
      api_app_id: 'A0CLARIFY',
      event_id: 'Ev1',
      event: { type: 'app_mention', channel: 'C1', user: 'U1', text: '<@UBOT> hi', ts: event.ts },
    });
  });

  it('gives each event a fresh id and no retry headers by default', async () => {
    const event = mentionEvent({ channel: 'C1', user: 'U1', text: 'hi', botUserId: 'UBOT' });
    await sendSlackEvent(appUrl, secret, event);
    await sendSlackEvent(appUrl, secret, event);
    const ids = received.map(({ body }) => (JSON.parse(body) as { event_id: string }).event_id);
    expect(new Set(ids).size).toBe(2);
    expect(received[0]?.headers['x-slack-retry-num']).toBeUndefined();
  });

  it('posts an interactivity payload as the form field payload', async () => {
    const payload = blockActionPayload({
      user: 'U1',
      channel: 'C1',
      messageTs: '1700000000.000100',
      actionId: 'clarify_option',
      value: 'opaque-id',
      responseUrl: 'http://127.0.0.1:1/respond/r1',
    });
    await sendSlackAction(appUrl, secret, payload);
    const request = onlyRequest();
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const sent = new URLSearchParams(request.body).get('payload');
    expect(JSON.parse(sent ?? '')).toEqual(payload);
  });

  it('posts a slash command as form fields with Slack defaults', async () => {
    await sendSlashCommand(appUrl, secret, {
      command: '/clarify',
      text: 'reindex',
      user_id: 'U1',
      channel_id: 'C1',
      response_url: 'http://127.0.0.1:1/respond/r2',
    });
    const fields = Object.fromEntries(new URLSearchParams(onlyRequest().body));
    expect(fields).toMatchObject({
      command: '/clarify',
      text: 'reindex',
      user_id: 'U1',
      channel_id: 'C1',
      team_id: 'T0CLARIFY',
      response_url: 'http://127.0.0.1:1/respond/r2',
    });
    expect(fields['trigger_id']).toMatch(/^trigger-/);
  });

  it('sends a raw body and headers as given, to a full URL as is', async () => {
    const headers = { 'content-type': 'application/json', 'x-slack-signature': 'v0=bad' };
    const result = await sendRaw(`${appUrl}/custom/path`, { body: '{}', headers });
    expect(result.status).toBe(401);
    expect(received[0]).toMatchObject({ path: '/custom/path', body: '{}', headers });
  });
});
