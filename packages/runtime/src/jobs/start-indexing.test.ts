import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '@clarify/config';
import { openKnowledgeBase, type KnowledgeBase } from '../open-knowledge-base';
import { saveSource } from '../sources/save-source';
import { startIndexing, type Indexing } from './start-indexing';

const quiet = { info() {}, warn() {}, error() {} };

async function until<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// The embedded default: the process owning the data folder keeps the schedules itself.
describe('indexing in the process that owns the embedded database', () => {
  let folder: string;
  let kb: KnowledgeBase;
  let indexing: Indexing | null = null;
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'clarify-in-process-'));
    kb = await openKnowledgeBase(
      loadConfig({ CLARIFY_DATA_DIR: join(folder, 'data'), LOG_LEVEL: 'silent' }),
    );
    for (const id of ['handbook', 'archive']) {
      mkdirSync(join(folder, id));
      writeFileSync(join(folder, id, 'leave.md'), `# Leave\n\nThe ${id} says 25 vacation days.`);
    }
  });
  afterEach(async () => {
    await indexing?.stop();
    indexing = null;
    await kb.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs a source on its schedule, catches up a missed one once, and stops with the app', async () => {
    // Every two seconds (node-cron's six-field form), and a daily one last run three days ago.
    await saveSource(kb.sources, {
      id: 'handbook',
      type: 'files',
      settings: { path: join(folder, 'handbook') },
      schedule: '*/2 * * * * *',
    });
    await saveSource(kb.sources, {
      id: 'archive',
      type: 'files',
      settings: { path: join(folder, 'archive') },
      schedule: '0 3 * * *',
    });
    const first = await kb.indexer.run({
      sourceId: 'archive',
      trigger: 'cli',
      reader: { list: () => Promise.resolve([]) },
    });
    await kb.database.db.execute(
      sql`update index_jobs set finished_at = now() - interval '3 days' where id = ${first.id}`,
    );

    indexing = await startIndexing(kb, { role: 'app', logger: quiet });
    expect(indexing).toMatchObject({ queued: false, working: true });
    const cronRuns = async (sourceId: string) =>
      (await kb.jobs.latest({ sourceId })).filter(
        (job) => job.trigger === 'cron' && job.status === 'succeeded',
      );
    await until(async () => ((await cronRuns('handbook')).length >= 2 ? true : undefined));
    const caughtUp = await until(async () => {
      const runs = await cronRuns('archive');
      return runs.length > 0 ? runs : undefined;
    });
    expect(caughtUp).toHaveLength(1);
    expect(caughtUp[0]).toMatchObject({ requestedBy: 'schedule', documentsIndexed: 1 });

    await indexing.stop();
    indexing = null;
    const stoppedAt = (await kb.jobs.latest({ sourceId: 'handbook' })).length;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await kb.jobs.latest({ sourceId: 'handbook' })).length).toBe(stoppedAt);
    expect(await cronRuns('archive')).toHaveLength(1);
  });
});
