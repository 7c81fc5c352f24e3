import { ClarifyError, type IndexCounters, type IndexJob } from '@clarify/core';
import type { IndexProgress } from '@clarify/ingest';
import type { KnowledgeBase } from '../open-knowledge-base';
import { alreadyRunning } from './describe-running';
import type { IndexDispatch, IndexRequest } from './index-request';
import type { IndexQueue } from './pg-boss-queue';

export type FollowOptions = {
  onProgress?: (progress: IndexProgress) => void;
  /** Called once when no worker has taken the request after `waitingNoticeMs`. */
  onWaiting?: () => void;
  pollMs?: number;
  waitingNoticeMs?: number;
};

/** Requests queued in Postgres for the workers; `run` follows the queued run to its end. */
export function createQueuedDispatch(
  kb: KnowledgeBase,
  queue: IndexQueue,
  follow: Omit<FollowOptions, 'onProgress'> = {},
): IndexDispatch {
  return {
    async submit(request, key) {
      return { queueJobId: await queue.enqueue(request, key) };
    },
    async run(request: IndexRequest, onProgress) {
      const id = await queue.enqueue(request);
      if (id === null) throw new Error('the index queue did not take the request');
      return followQueuedRun(kb, queue, request.sourceId, id, {
        ...follow,
        ...(onProgress && { onProgress }),
      });
    },
    async stop() {},
  };
}

/**
 * Follows a queued run from another process: its live counters (written by the worker every
 * second) as progress, then the finished job; `index_already_running` with the other run's
 * progress when the worker found the source busy; the run's error when it failed.
 */
export async function followQueuedRun(
  kb: KnowledgeBase,
  queue: IndexQueue,
  sourceId: string,
  queueJobId: string,
  options: FollowOptions = {},
): Promise<IndexJob> {
  const pollMs = options.pollMs ?? 500;
  const started = Date.now();
  let noticed = false;
  for (;;) {
    const status = await queue.status(queueJobId);
    if (status === null) {
      throw new ClarifyError('index_failed', `queued run ${queueJobId} is no longer known`);
    }
    if (status.state === 'done') {
      if (status.outcome.kind === 'already_running') {
        const running =
          status.outcome.runningJobId === null
            ? null
            : await kb.jobs.get(status.outcome.runningJobId);
        throw alreadyRunning(sourceId, running?.status === 'running' ? running : null);
      }
      const job = await kb.jobs.get(status.outcome.jobId);
      if (job === null) throw new ClarifyError('index_failed', `index job vanished`);
      return job;
    }
    if (status.state === 'failed') throw new ClarifyError('index_failed', status.error);
    const job = await kb.jobs.forQueueJob(queueJobId);
    if (job !== null && job.documentsTotal !== null) {
      options.onProgress?.({
        total: job.documentsTotal,
        processed: job.documentsIndexed + job.documentsUnchanged + job.documentsSkipped,
        counters: countersOf(job),
      });
    }
    if (
      !noticed &&
      status.state === 'queued' &&
      Date.now() - started > (options.waitingNoticeMs ?? 10_000)
    ) {
      noticed = true;
      options.onWaiting?.();
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

function countersOf(job: IndexJob): IndexCounters {
  const { documentsSeen, documentsIndexed, documentsUnchanged, documentsSkipped } = job;
  const { documentsDeleted, deletionsHeld, chunksWritten } = job;
  return {
    documentsSeen,
    documentsIndexed,
    documentsUnchanged,
    documentsSkipped,
    documentsDeleted,
    deletionsHeld,
    chunksWritten,
  };
}
