import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '@clarify/config';
import type { IndexJob } from '@clarify/core';
import { createPostgresDatabase, type Database } from '@clarify/db';
import {
  createTestDatabase,
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '@clarify/db/testing';
import {
  knowledgeBaseOver,
  saveSource,
  startIndexing,
  type Indexing,
  type IndexingRole,
  type KnowledgeBase,
} from '@clarify/runtime';

export const postgresBin = findPostgresBinaries();

/** The throwaway PostgreSQL of a test file (locks and queue). */
export function startServer(): Promise<ThrowawayPostgres> {
  return startThrowawayPostgres(postgresBin as string);
}

export type LogLine = { level: string; message: string; details: object };

/**
 * What the worker tests run on. The index is PGlite (it needs pgvector, which this machine's
 * PostgreSQL lacks); the cross-process parts (advisory locks, the pg-boss queue) are on a
 * throwaway PostgreSQL 15, as in production where both are one server. Each "process" (a
 * worker, a requester) gets its own lock connections, so exclusion between them is the
 * server's doing, not an in-process mutex.
 */
export async function startWorkerHarness(server: ThrowawayPostgres) {
  // A fresh queue for each test: the previous test's jobs name sources this index lacks.
  const admin = await createPostgresDatabase({ url: server.url, poolSize: 1 });
  await admin.db.execute(sql`drop schema if exists pgboss cascade`);
  await admin.close();
  const folder = mkdtempSync(join(tmpdir(), 'clarify-worker-'));
  const database: Database = await createTestDatabase('pglite');
  const config = loadConfig({ CLARIFY_DATA_DIR: join(folder, 'data'), LOG_LEVEL: 'silent' });
  const lockDatabases: Database[] = [];
  const running: Indexing[] = [];
  const logs: LogLine[] = [];
  const logger = {
    info: (details: object, message: string) => logs.push({ level: 'info', message, details }),
    warn: (details: object, message: string) => logs.push({ level: 'warn', message, details }),
    error: (details: object, message: string) => logs.push({ level: 'error', message, details }),
  };

  /** The knowledge base as one process sees it: the shared index, its own lock connections. */
  async function process(): Promise<KnowledgeBase> {
    const locks = await createPostgresDatabase({ url: server.url, poolSize: 4 });
    lockDatabases.push(locks);
    return knowledgeBaseOver(database, config, { tryWithLock: locks.tryWithLock });
  }

  return {
    server,
    folder,
    database,
    logs,
    process,
    /** A worker (or a requester) process on the queue; stopped at the end if not before. */
    async start(role: IndexingRole, kb?: KnowledgeBase): Promise<Indexing> {
      const indexing = await startIndexing(kb ?? (await process()), {
        role,
        logger,
        queueUrl: server.url,
        pollingIntervalSeconds: 0.5,
      });
      running.push(indexing);
      return indexing;
    },
    /** A folder source of `count` Markdown files, saved with the given schedule. */
    async folderSource(
      kb: KnowledgeBase,
      id: string,
      count: number,
      options: { schedule?: string; edition?: number } = {},
    ): Promise<string> {
      const path = join(folder, id);
      writeDocuments(path, count, options.edition ?? 1);
      await saveSource(kb.sources, {
        id,
        type: 'files',
        settings: { path },
        ...(options.schedule !== undefined && { schedule: options.schedule }),
      });
      return path;
    },
    async jobsOf(kb: KnowledgeBase, sourceId: string): Promise<IndexJob[]> {
      return kb.jobs.latest({ sourceId, limit: 100 });
    },
    async stop() {
      await Promise.allSettled(running.map((indexing) => indexing.stop()));
      await Promise.allSettled(lockDatabases.map((locks) => locks.close()));
      await database.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export type WorkerHarness = Awaited<ReturnType<typeof startWorkerHarness>>;

/** `count` policy pages, each distinct; another `edition` changes every page's text. */
export function writeDocuments(path: string, count: number, edition: number): void {
  mkdirSync(path, { recursive: true });
  for (let index = 0; index < count; index += 1) {
    writeFileSync(
      join(path, `policy-${String(index).padStart(4, '0')}.md`),
      `# Policy ${index}\n\nEdition ${edition}. Rule ${index} says employees in team ${index % 17} ` +
        `file requests within ${(index % 9) + edition} days. ${'Details follow for every office. '.repeat(8)}\n`,
    );
  }
}

/** Polls until `check` returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 30_000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
