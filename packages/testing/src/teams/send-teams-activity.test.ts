import { createServer } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendTeamsActivity } from './send-teams-activity';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

const received: Received[] = [];
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    received.push({ path: request.url ?? '', headers: request.headers, body });
    const status = request.headers.authorization === undefined ? 401 : 200;
    response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
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

describe('sendTeamsActivity', () => {
  it('posts the activity as JSON with a bearer token to /api/messages', async () => {
    const activity = { type: 'message', text: 'hello' };
    const result = await sendTeamsActivity(appUrl, activity, 'the-token');
    expect(result).toEqual({
      status: 200,
      body: '{"ok":true}',
      elapsedMs: expect.any(Number) as number,
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request?.path).toBe('/api/messages');
    expect(request?.headers['authorization']).toBe('Bearer the-token');
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(request?.body ?? '')).toEqual(activity);
  });

  it('sends no Authorization header without a token, and keeps a given path', async () => {
    const result = await sendTeamsActivity(
      `${appUrl}/bot/messages`,
      { type: 'message' },
      undefined,
    );
    expect(result.status).toBe(401);
    expect(received[0]?.path).toBe('/bot/messages');
    expect(received[0]?.headers).not.toHaveProperty('authorization');
  });
});
