import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket } from 'ws';
import { createConfiguredAssistant, OFFLINE_PIPELINE, type KnowledgeBase } from '@clarify/runtime';
import { mentionEvent, startFakeSlackApi } from '@clarify/testing';
import { createLogger, createPgSlackStores, startSlackApp } from '../src';
import { testSlackConfig } from '../testing/slack-harness';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

let kb: KnowledgeBase;

useSampleKnowledgeBase((opened) => (kb = opened));

/** A stand-in for Slack's Socket Mode endpoint: says hello, then pushes what the test sends. */
async function startSocketModeServer() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(server, 'listening');
  const received: unknown[] = [];
  const connected = new Promise<WebSocket>((resolve) => {
    server.once('connection', (socket) => {
      socket.on('message', (data: Buffer) => received.push(JSON.parse(data.toString())));
      socket.send(
        JSON.stringify({
          type: 'hello',
          num_connections: 1,
          connection_info: { app_id: 'A0CLARIFY' },
        }),
      );
      resolve(socket);
    });
  });
  return {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/link`,
    connected,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('Socket Mode', () => {
  it('connects with the app token, acknowledges an event envelope and answers in the thread', async () => {
    const socket = await startSocketModeServer();
    const fake = await startFakeSlackApi({ socketModeUrl: socket.url });
    const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, kb);
    const app = await startSlackApp({
      config: testSlackConfig(fake.url, {
        botToken: 'xoxb-socket-test',
        connection: { mode: 'socket', appToken: 'xapp-socket-test' },
        maxRetries: 0,
      }),
      kb,
      assistant,
      stores: createPgSlackStores(kb.database.db),
      logger: createLogger('silent'),
    });
    try {
      expect(app.port).toBeNull();
      const open = fake.callsTo('apps.connections.open')[0];
      expect(open?.token).toBe('xapp-socket-test');
      const link = await socket.connected;
      const ts = fake.seedMessage('C0SOCKET', { user: 'U0ASKER', text: 'What is a PIP?' });
      link.send(
        JSON.stringify({
          envelope_id: 'env-1',
          type: 'events_api',
          accepts_response_payload: false,
          payload: {
            team_id: fake.teamId,
            api_app_id: 'A0CLARIFY',
            type: 'event_callback',
            event_id: 'Ev-socket-1',
            event_time: Math.floor(Date.now() / 1000),
            event: mentionEvent({
              channel: 'C0SOCKET',
              user: 'U0ASKER',
              text: 'What is a PIP?',
              ts,
              botUserId: fake.botUserId,
            }),
          },
        }),
      );
      const reply = await fake.waitFor(
        (call) => call.method === 'chat.update' && call.args.channel === 'C0SOCKET',
        15_000,
      );
      expect(socket.received).toContainEqual(expect.objectContaining({ envelope_id: 'env-1' }));
      expect(fake.callsTo('chat.postMessage')[0]?.args).toMatchObject({
        channel: 'C0SOCKET',
        thread_ts: ts,
      });
      expect(JSON.stringify(reply.args.blocks)).toMatch(
        /PIP|Performance Improvement Plan|Product Integration Partner/,
      );
    } finally {
      await app.stop();
      await socket.close();
      await fake.close();
    }
  });
});
