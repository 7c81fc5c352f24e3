import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@clarify/config';
import { createPostgresDatabase, queryRows, type Database } from '@clarify/db';
import { startThrowawayPostgres, type ThrowawayPostgres } from '@clarify/db/testing';
import {
  openKnowledgeBase,
  runIndexRequest,
  saveSource,
  type KnowledgeBase,
} from '@clarify/runtime';
import { eventually, postgresBin, writeDocuments } from './worker-harness';

const DOCUMENTS = 300;
const runner = fileURLToPath(new URL('./fixtures/index-runner.ts', import.meta.url));
const workerDir = fileURLToPath(new URL('..', import.meta.url));

describe.skipIf(!postgresBin)('a runner killed with SIGKILL in the middle of a run', () => {
  let server: ThrowawayPostgres;
  let locks: Database;
  let folder: string;
  beforeAll(async () => {
    server = await startThrowawayPostgres(postgresBin as string);
    locks = await createPostgresDatabase({ url: server.url });
    folder = mkdtempSync(join(tmpdir(), 'clarify-killed-'));
  });
  afterAll(async () => {
    await locks?.close();
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  const open = (dataDir: string) =>
    openKnowledgeBase(loadConfig({ CLARIFY_DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), {
      tryWithLock: locks.tryWithLock,
    });
  const chunkSet = async (kb: KnowledgeBase) =>
    (
      await queryRows<{ external_id: string; text: string }>(
        kb.database.db,
        sql`select d.external_id, c.text from chunks c join documents d on d.id = c.document_id order by 1, 2`,
      )
    ).map((row) => `${row.external_id}\u0000${row.text}`);

  it('releases the lock, keeps the previous index answering, and the next run equals an uninterrupted one', async () => {
    const docs = join(folder, 'docs');
    const dataDir = join(folder, 'data');
    writeDocuments(docs, DOCUMENTS, 1);
    let kb = await open(dataDir);
    await saveSource(kb.sources, { id: 'handbook', type: 'files', settings: { path: docs } });
    expect(await runIndexRequest(kb, { sourceId: 'handbook', trigger: 'cli' })).toMatchObject({
      kind: 'ran',
    });
    await kb.close();

    // Every page changes, and a runner process starts re-indexing them; it is killed midway.
    writeDocuments(docs, DOCUMENTS, 2);
    // node itself runs the script (tsx as a loader, not its CLI, which would put a process
    // between the signal and the runner).
    const child = spawn(process.execPath, ['--import', 'tsx', runner], {
      cwd: workerDir,
      env: {
        ...process.env,
        CLARIFY_DATA_DIR: dataDir,
        LOCK_URL: server.url,
        SOURCE_ID: 'handbook',
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const processed = await progressPast(child, 50);
    expect(processed).toBeLessThan(DOCUMENTS);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // The server drops the dead session's advisory lock: another process can take the source.
    const taken = await eventually(
      async () => {
        const result = await locks.tryWithLock('clarify:index:handbook', () =>
          Promise.resolve(true),
        );
        return result.acquired;
      },
      10_000,
      'the lock to be released',
    );
    expect(taken).toBe(true);

    kb = await open(dataDir);
    try {
      // The previous index still answers: every page is there, each with its chunks.
      const [source] = await kb.sources.list();
      expect(source?.documents).toBe(DOCUMENTS);
      const orphans = await queryRows<{ count: number }>(
        kb.database.db,
        sql`select count(*)::int as count from documents d where not exists (select 1 from chunks c where c.document_id = d.id)`,
      );
      expect(orphans[0]?.count).toBe(0);
      const found = await kb.retriever.search({ query: 'Rule 7 says employees', k: 3 });
      expect(found.length).toBeGreaterThan(0);

      const next = await runIndexRequest(kb, { sourceId: 'handbook', trigger: 'cli' });
      expect(next.kind).toBe('ran');
      const jobs = await kb.jobs.latest({ sourceId: 'handbook' });
      expect(jobs.map((job) => job.status)).toEqual(['succeeded', 'failed', 'succeeded']);
      expect(jobs[1]?.error).toMatch(/interrupted/);
      const resumed = await chunkSet(kb);

      const fresh = await open(join(folder, 'fresh'));
      try {
        await saveSource(fresh.sources, {
          id: 'handbook',
          type: 'files',
          settings: { path: docs },
        });
        await runIndexRequest(fresh, { sourceId: 'handbook', trigger: 'cli' });
        const uninterrupted = await chunkSet(fresh);
        expect(resumed.length).toBe(uninterrupted.length);
        expect(resumed).toEqual(uninterrupted);
        expect(resumed.some((entry) => entry.includes('Edition 2.'))).toBe(true);
        expect(resumed.some((entry) => entry.includes('Edition 1.'))).toBe(false);
      } finally {
        await fresh.close();
      }
    } finally {
      await kb.close();
    }
  });
});

/** Resolves with the runner's processed count once it passes `count`; fails if it ends first. */
function progressPast(child: ChildProcess, count: number): Promise<number> {
  return new Promise((resolve, reject) => {
    if (!child.stdout) return reject(new Error('no stdout'));
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const match = /^progress (\d+)$/.exec(line);
      if (match && Number(match[1]) > count) {
        lines.close();
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`the runner ended (${code}) before the kill`)));
  });
}
