import { describeError } from '@clarify/core';
import type { KnowledgeBase } from '../open-knowledge-base';
import type { IndexDispatch } from './index-request';
import { createLocalDispatch } from './local-dispatch';
import { openIndexQueue, type IndexQueue } from './pg-boss-queue';
import { createQueuedDispatch } from './queued-dispatch';
import { runIndexRequest } from './run-index-request';
import { startSourceScheduler, type SourceScheduler } from './source-scheduler';

type Logger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/**
 * Who a process is to the index:
 * - `worker` (`clarify worker`): takes queued runs and keeps the schedules;
 * - `app` (a chat app): a worker too when `CLARIFY_INDEX_WORKER=in-process` (the default on the
 *   embedded database), otherwise it only queues (`/clarify reindex`);
 * - `requester` (`clarify reindex`): queues and follows, or runs here on the embedded database.
 */
export type IndexingRole = 'worker' | 'app' | 'requester';

export type Indexing = {
  dispatch: IndexDispatch;
  /** Whether requests go through the Postgres queue (else they run in this process). */
  queued: boolean;
  /** Whether this process runs the schedules and takes runs. */
  working: boolean;
  scheduler: SourceScheduler | null;
  /** LF-5: schedules stopped, no new runs taken, runs in progress interrupted and recorded. */
  stop(): Promise<void>;
};

/**
 * Wires re-indexing for a process. On the embedded database every run is in this process (it
 * owns the folder). On Postgres runs go through the pg-boss queue, workers share them, and the
 * source's advisory lock keeps one run per source across every process.
 */
export async function startIndexing(
  kb: KnowledgeBase,
  options: {
    role: IndexingRole;
    logger: Logger;
    /** Runs one worker process takes at once (different sources). */
    concurrency?: number;
    /** How often a worker asks the queue for work. */
    pollingIntervalSeconds?: number;
    /** How often the schedules re-read the sources. */
    syncEveryMs?: number;
    /**
     * The queue's Postgres, when not the index's own (tests: a PostgreSQL for the queue, PGlite
     * for the index). Default: DATABASE_URL; none on the embedded database.
     */
    queueUrl?: string;
  },
): Promise<Indexing> {
  const { logger, role } = options;
  const working =
    role === 'worker' || (role === 'app' && kb.config.sources.worker === 'in-process');
  const url =
    options.queueUrl ?? (kb.database.driver === 'postgres' ? kb.config.database.url : undefined);
  let queue: IndexQueue | null = null;
  let dispatch: IndexDispatch;
  if (url !== undefined) {
    queue = await openIndexQueue({
      connectionString: url,
      supervise: working,
      onError: (error) => logger.warn({ err: describeError(error) }, 'index queue error'),
      ...(options.pollingIntervalSeconds !== undefined && {
        pollingIntervalSeconds: options.pollingIntervalSeconds,
      }),
    });
    dispatch = createQueuedDispatch(kb, queue, {
      onWaiting: () =>
        logger.warn({}, 'no worker has taken the re-index yet: is `clarify worker` running?'),
    });
    if (working) {
      await queue.work(
        async (request, context) => {
          logger.info(
            { sourceId: request.sourceId, trigger: request.trigger },
            'index run started',
          );
          const outcome = await runIndexRequest(kb, request, context);
          logger.info({ sourceId: request.sourceId, ...outcome }, 'index run ended');
          return outcome;
        },
        { concurrency: options.concurrency ?? 1 },
      );
    }
  } else {
    dispatch = createLocalDispatch(kb, logger);
  }
  const scheduler = working
    ? await startSourceScheduler({
        sources: kb.sources,
        dispatch,
        logger,
        ...(options.syncEveryMs !== undefined && { syncEveryMs: options.syncEveryMs }),
      })
    : null;

  return {
    dispatch,
    queued: queue !== null,
    working,
    scheduler,
    async stop() {
      await scheduler?.stop();
      await queue?.stop({ graceMs: 10_000 });
      await dispatch.stop();
    },
  };
}
