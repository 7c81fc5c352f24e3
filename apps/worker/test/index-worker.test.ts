import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ThrowawayPostgres } from '@clarify/db/testing';
import { isClarifyError } from '@clarify/core';
import { runIndexRequest, type KnowledgeBase } from '@clarify/runtime';
import { startFakeSite, type FakeSite } from '@clarify/testing';
import {
  eventually,
  postgresBin,
  startServer,
  startWorkerHarness,
  type WorkerHarness,
} from './worker-harness';

if (!postgresBin) console.warn('skipping worker tests: no PostgreSQL under /usr/lib/postgresql');

const running = async (harness: WorkerHarness, kb: KnowledgeBase, sourceId: string) => {
  const [latest] = await harness.jobsOf(kb, sourceId);
  return latest?.status === 'running' && latest.documentsTotal !== null ? latest : undefined;
};

describe.skipIf(!postgresBin)('the index worker (PGlite index, PostgreSQL locks and queue)', () => {
  let server: ThrowawayPostgres;
  let harness: WorkerHarness;
  let kb: KnowledgeBase;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });
  beforeEach(async () => {
    harness = await startWorkerHarness(server);
    kb = await harness.process();
  });
  afterEach(async () => {
    await harness.stop();
  });

  it('runs one of two concurrent runs of a source; the other is told, with its progress', async () => {
    await harness.folderSource(kb, 'handbook', 300);
    const other = await harness.process();
    const first = runIndexRequest(kb, { sourceId: 'handbook', trigger: 'cron' });
    const busy = await eventually(() => running(harness, kb, 'handbook'), 30_000, 'a run');
    const second = await runIndexRequest(other, { sourceId: 'handbook', trigger: 'admin' });
    expect(second).toEqual({ kind: 'already_running', runningJobId: busy.id });
    expect(await first).toMatchObject({ kind: 'ran', jobId: busy.id });
    const jobs = await harness.jobsOf(kb, 'handbook');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ status: 'succeeded', documentsIndexed: 300 });
  });

  it('tells an admin whose queued run races a scheduled one that it is already running, and how far', async () => {
    await harness.folderSource(kb, 'handbook', 300);
    await harness.start('worker');
    await harness.start('worker');
    const requester = await harness.start('requester');
    await requester.dispatch.submit({ sourceId: 'handbook', trigger: 'cron' });
    await eventually(() => running(harness, kb, 'handbook'), 30_000, 'the scheduled run');
    const refused = await requester.dispatch
      .run({ sourceId: 'handbook', trigger: 'admin', requestedBy: 'U123' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isClarifyError(refused, 'index_already_running')).toBe(true);
    expect((refused as Error).message).toMatch(
      /already being indexed \(cron by schedule|already being indexed \(cron, started .*: (listing documents|\d+ of 300 documents)\)/,
    );
    await eventually(async () => {
      const [job] = await harness.jobsOf(kb, 'handbook');
      return job?.status === 'succeeded';
    });
    expect(await harness.jobsOf(kb, 'handbook')).toHaveLength(1);
  });

  it('has two workers take each queued run once', async () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (const id of ids) await harness.folderSource(kb, id, 5);
    await harness.start('worker');
    await harness.start('worker');
    const requester = await harness.start('requester');
    for (const id of ids) await requester.dispatch.submit({ sourceId: id, trigger: 'admin' });
    await eventually(async () => {
      const sources = await kb.sources.list();
      return sources.every((source) => source.documents === 5);
    }, 60_000);
    // Give a duplicate delivery time to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const id of ids) {
      const jobs = await harness.jobsOf(kb, id);
      expect(jobs.map((job) => job.status)).toEqual(['succeeded']);
      expect(jobs[0]?.queueJobId).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('starts four workers at once on a database that has no queue yet', async () => {
    // Each creates the queue; pg-boss's creations can deadlock each other, and the loser must
    // find the winner's queue instead of failing to start.
    const started = await Promise.allSettled([1, 2, 3, 4].map(() => harness.start('worker')));
    expect(started.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));
  });

  it('catches up a missed schedule once, however many workers start', async () => {
    await harness.folderSource(kb, 'missed', 5, { schedule: '0 3 * * *' });
    await harness.folderSource(kb, 'fresh', 5, { schedule: '0 3 * * *' });
    for (const id of ['missed', 'fresh']) {
      await runIndexRequest(kb, { sourceId: id, trigger: 'cli' });
    }
    // "missed" last succeeded three days ago: a daily schedule allows one.
    await harness.database.db.execute(
      sql`update index_jobs set finished_at = now() - interval '3 days' where source_id = 'missed'`,
    );
    await Promise.all([harness.start('worker'), harness.start('worker')]);
    await eventually(async () => {
      const jobs = await harness.jobsOf(kb, 'missed');
      return jobs.length === 2 && jobs[0]?.status === 'succeeded';
    });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const missed = await harness.jobsOf(kb, 'missed');
    expect(missed.map((job) => [job.trigger, job.requestedBy])).toEqual([
      ['cron', 'schedule'],
      ['cli', null],
    ]);
    expect((await harness.jobsOf(kb, 'fresh')).map((job) => job.trigger)).toEqual(['cli']);
  });

  it('deletes nothing when a listing fails, and holds a mass deletion for confirmation', async () => {
    const site: FakeSite = await startFakeSite();
    try {
      site.page(
        '/leave',
        '<html><body><article><h1>Leave</h1><p>25 days.</p></article></body></html>',
      );
      site.sitemap('/sitemap.xml', [{ loc: `${site.url}/leave` }]);
      await kb.sources.upsert({
        id: 'wiki',
        name: 'wiki',
        type: 'web',
        settings: { urls: [`${site.url}/sitemap.xml`] },
      });
      const path = await harness.folderSource(kb, 'drive', 20);
      await harness.start('worker');
      const requester = await harness.start('requester');
      expect(await requester.dispatch.run({ sourceId: 'wiki', trigger: 'admin' })).toMatchObject({
        status: 'succeeded',
        documentsIndexed: 1,
      });
      await requester.dispatch.run({ sourceId: 'drive', trigger: 'admin' });

      site.fail('/sitemap.xml', 10, { status: 500 });
      const failed = await requester.dispatch
        .run({ sourceId: 'wiki', trigger: 'admin' })
        .catch((error: unknown) => error);
      expect(isClarifyError(failed, 'index_failed')).toBe(true);
      expect((failed as Error).message).toMatch(/500/);
      expect((await harness.jobsOf(kb, 'wiki'))[0]).toMatchObject({
        status: 'failed',
        documentsDeleted: 0,
      });

      for (let index = 0; index < 10; index += 1) {
        rmSync(join(path, `policy-${String(index).padStart(4, '0')}.md`));
      }
      const progress: number[] = [];
      const held = await requester.dispatch.run({ sourceId: 'drive', trigger: 'admin' }, (update) =>
        progress.push(update.processed),
      );
      expect(held).toMatchObject({ status: 'succeeded', deletionsHeld: 10, documentsDeleted: 0 });
      const sources = await kb.sources.list();
      expect(sources.find((source) => source.id === 'wiki')?.documents).toBe(1);
      expect(sources.find((source) => source.id === 'drive')?.documents).toBe(20);
      const confirmed = await requester.dispatch.run({
        sourceId: 'drive',
        trigger: 'admin',
        confirmDeletions: true,
      });
      expect(confirmed).toMatchObject({ documentsDeleted: 10, deletionsHeld: 0 });
    } finally {
      await site.close();
    }
  });

  it('stops within the limit on shutdown, records the run as interrupted, and another worker finishes it', async () => {
    await harness.folderSource(kb, 'handbook', 600);
    const first = await harness.start('worker');
    const requester = await harness.start('requester');
    const { queueJobId } = await requester.dispatch.submit({
      sourceId: 'handbook',
      trigger: 'admin',
    });
    await eventually(async () => {
      const job = await running(harness, kb, 'handbook');
      return job !== undefined && job.documentsIndexed > 20 ? job : undefined;
    });
    const stopping = Date.now();
    await first.stop();
    expect(Date.now() - stopping).toBeLessThan(15_000);
    const [interrupted] = await harness.jobsOf(kb, 'handbook');
    expect(interrupted).toMatchObject({ status: 'failed' });
    expect(interrupted?.error).toMatch(/interrupted/);
    expect(interrupted?.documentsIndexed).toBeLessThan(600);

    await harness.start('worker');
    await eventually(
      async () => {
        const [job] = await harness.jobsOf(kb, 'handbook');
        return job?.status === 'succeeded' && job.queueJobId === queueJobId ? job : undefined;
      },
      90_000,
      'the run to be finished by another worker',
    );
    const sources = await kb.sources.list();
    expect(sources[0]?.documents).toBe(600);
  });
});
