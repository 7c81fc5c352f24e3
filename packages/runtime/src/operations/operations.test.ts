import { createServer } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passage } from '@clarify/core';
import {
  checkDatabase,
  createPgliteDatabase,
  createPgSourceStore,
  createPgWordFrequencies,
  createPostgresDatabase,
  migrateDatabase,
  type Database,
} from '@clarify/db';
import { createOfflineEmbedder } from '@clarify/llm';
import { createMemoryConversationStore } from '@clarify/testing';
import { createConfiguredAssistant, OFFLINE_PIPELINE } from '../create-configured-assistant';
import { instrumentAssistant, instrumentRetriever } from './instrument';
import { metrics } from './metrics';
import { createOperationsEndpoints } from './operations-endpoints';
import { createReadiness } from './readiness';

/** PGlite served over the wire protocol on a fixed port, so it can go away and come back. */
let client: PGlite;
let socket: PGLiteSocketServer;
let port: number;
let database: Database;

async function serve(): Promise<void> {
  socket = new PGLiteSocketServer({ db: client, port, host: '127.0.0.1', maxConnections: 8 });
  await socket.start();
}

beforeAll(async () => {
  client = await PGlite.create({ extensions: { vector } });
  await migrateDatabase(await createPgliteDatabase({ client }));
  port = await freePort();
  await serve();
  database = await createPostgresDatabase({
    url: `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    poolSize: 2,
    connectionTimeoutMs: 1_000,
  });
});
afterAll(async () => {
  await database?.close();
  await socket?.stop();
  await client?.close();
});

const endpoints = () =>
  createOperationsEndpoints({
    readiness: createReadiness({ checkDatabase: () => checkDatabase(database), circuit: null }),
    sources: () => createPgSourceStore(database.db).list(),
  });

describe('/healthz and /readyz', () => {
  it('is ready with the database up, unready while it is gone, and ready again when it returns', async () => {
    const operations = endpoints();
    expect(await operations.handle('/healthz')).toMatchObject({ status: 200 });
    const up = await operations.handle('/readyz');
    expect(up?.status).toBe(200);
    expect(JSON.parse(up?.body ?? '{}')).toEqual({
      ready: true,
      checks: { database: 'ok', migrations: 'current', llm: 'offline' },
    });

    await socket.stop();
    const down = await operations.handle('/readyz');
    expect(down?.status).toBe(503);
    expect(JSON.parse(down?.body ?? '{}')).toMatchObject({
      ready: false,
      checks: { database: 'unreachable', migrations: 'unknown' },
    });
    // Still alive: a liveness probe must not restart a pod for its database.
    expect(await operations.handle('/healthz')).toMatchObject({ status: 200 });

    await serve();
    await expect
      .poll(async () => (await operations.handle('/readyz'))?.status, { timeout: 10_000 })
      .toBe(200);
  });

  it('is unready when the database lacks this build’s migrations', async () => {
    const readiness = createReadiness({
      checkDatabase: () => Promise.resolve({ applied: 5, expected: 7 }),
      circuit: null,
    });
    expect(await readiness()).toEqual({
      ready: false,
      checks: { database: 'ok', migrations: 'pending', llm: 'offline' },
    });
  });
});

describe('/metrics', () => {
  it('exposes the questions, stages, retrieval, index runs and freshness after a question', async () => {
    const passage: Passage = {
      chunkId: '1',
      documentId: 'it/vpn.md',
      sourceId: 'kb',
      title: 'Resetting your VPN password',
      uri: 'file:///kb/it/vpn.md',
      headingPath: ['Resetting your VPN password'],
      text: 'Reset your VPN password at https://netpass.example.com.',
      score: 1,
      denseRank: 1,
      similarity: 0.8,
      lexicalRank: 1,
      updatedAt: null,
    };
    const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, {
      database,
      embedder: createOfflineEmbedder(),
      retriever: instrumentRetriever({ search: () => Promise.resolve([passage]) }),
      wordFrequencies: createPgWordFrequencies(database.db),
      conversations: createMemoryConversationStore(),
    });
    const asked = instrumentAssistant(assistant, 'web');
    await asked.ask({
      thread: { platform: 'web', workspaceId: 'w', channelId: 'c', threadId: 't' },
      userId: 'u',
      text: 'How do I reset my VPN password?',
    });
    const sources = createPgSourceStore(database.db);
    await sources.upsert({ id: 'handbook', name: 'Handbook', type: 'files', settings: {} });
    metrics.indexJob({ sourceId: 'handbook', status: 'succeeded' });

    const scraped = await endpoints().handle('/metrics');
    expect(scraped?.status).toBe(200);
    const text = scraped?.body ?? '';
    expect(text).toMatch(/clarify_questions_total\{platform="web",decision="answer"\} 1/);
    expect(text).toMatch(/clarify_question_duration_seconds_count\{platform="web"\} 1/);
    expect(text).toMatch(/clarify_stage_duration_seconds_bucket\{le="[^"]+",stage="retrieve"\}/);
    expect(text).toMatch(/clarify_retrieval_duration_seconds_count [1-9]/);
    expect(text).toMatch(/clarify_index_jobs_total\{source="handbook",status="succeeded"\} 1/);
    expect(text).toMatch(/clarify_source_stale\{source="handbook"\} 0/);
    expect(text).toContain('clarify_llm_calls_total');
    expect(text).toContain('clarify_llm_circuit_open');
    expect(text).toContain('process_cpu_seconds_total');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
}
