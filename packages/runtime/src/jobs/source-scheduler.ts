import { createTask, type ScheduledTask } from 'node-cron';
import type { SourceStore, SourceSummary } from '@clarify/core';
import { describeError } from '@clarify/core';
import type { IndexDispatch } from './index-request';
import { missedRun } from './schedule-interval';

type Logger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

export type SourceScheduler = {
  /** Reads the sources again: new, changed and removed schedules take effect. */
  sync(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Runs each active source on its cron schedule (node-cron, in this process). At start a source
 * that missed a run (its last success older than its schedule allows, or none) runs once, so
 * runs missed while no worker was up are not lost. Every worker schedules every source: each
 * firing is submitted under a key naming the source and the minute (the catch-up: the source
 * and its last success), and the queue takes one request per key, so it runs once.
 */
export async function startSourceScheduler(options: {
  sources: Pick<SourceStore, 'list'>;
  dispatch: IndexDispatch;
  logger: Logger;
  /** How often the sources are read again; a minute by default. */
  syncEveryMs?: number;
  now?: () => Date;
}): Promise<SourceScheduler> {
  const { dispatch, logger } = options;
  const now = options.now ?? (() => new Date());
  const tasks = new Map<string, { expression: string; task: ScheduledTask }>();
  let stopped = false;

  const submit = async (sourceId: string, key: string, why: string) => {
    try {
      await dispatch.submit({ sourceId, trigger: 'cron', requestedBy: 'schedule' }, key);
      logger.info({ sourceId, why }, 'scheduled re-index submitted');
    } catch (error) {
      logger.warn({ sourceId, err: describeError(error) }, 'could not submit a scheduled re-index');
    }
  };

  async function sync(sources?: SourceSummary[]): Promise<void> {
    const listed = sources ?? (await options.sources.list());
    const wanted = new Map(
      listed
        .filter((source) => source.status === 'active' && source.schedule !== null)
        .map((source) => [source.id, source.schedule as string]),
    );
    for (const [id, entry] of tasks) {
      if (wanted.get(id) === entry.expression) continue;
      await entry.task.destroy();
      tasks.delete(id);
    }
    for (const [id, expression] of wanted) {
      if (tasks.has(id) || stopped) continue;
      try {
        const task = createTask(
          expression,
          (context) => submit(id, `cron:${id}:${minuteOf(context.date)}`, 'schedule'),
          { name: `clarify-index-${id}`, noOverlap: false },
        );
        await task.start();
        tasks.set(id, { expression, task });
      } catch (error) {
        logger.warn({ sourceId: id, err: describeError(error) }, 'schedule not understood');
      }
    }
  }

  const sources = await options.sources.list();
  await sync(sources);
  for (const source of sources) {
    if (source.status !== 'active' || source.schedule === null) continue;
    if (!missedRun(source.schedule, source.lastIndexedAt, now())) continue;
    const since = source.lastIndexedAt?.toISOString() ?? 'never';
    await submit(
      source.id,
      `catch-up:${source.id}:${since}`,
      `missed run (last success: ${since})`,
    );
  }

  const resync = setInterval(() => {
    sync().catch((error: unknown) =>
      logger.warn({ err: describeError(error) }, 'could not read the sources'),
    );
  }, options.syncEveryMs ?? 60_000);
  resync.unref();

  return {
    sync: () => sync(),
    async stop() {
      stopped = true;
      clearInterval(resync);
      for (const { task } of tasks.values()) await task.destroy();
      tasks.clear();
    },
  };
}

/** The minute a firing belongs to, so every worker's firing of it has the same key. */
function minuteOf(date: Date): string {
  return date.toISOString().slice(0, 16);
}
