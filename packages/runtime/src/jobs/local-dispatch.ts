import { describeError, type IndexJob } from '@clarify/core';
import type { KnowledgeBase } from '../open-knowledge-base';
import { alreadyRunning } from './describe-running';
import type { IndexDispatch, IndexRequest } from './index-request';
import { runIndexRequest, runningJob } from './run-index-request';

type Logger = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

/**
 * Runs requests in this process: the embedded database, whose folder this process owns. One run
 * per source at a time is the lock's doing; `stop()` interrupts the runs between documents and
 * waits for them to record how far they got.
 */
export function createLocalDispatch(kb: KnowledgeBase, logger: Logger): IndexDispatch {
  const inFlight = new Set<Promise<unknown>>();
  const controller = new AbortController();
  let stopped = false;

  function track<T>(promise: Promise<T>): Promise<T> {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise)).catch(() => {});
    return promise;
  }

  return {
    submit(request) {
      if (stopped) return Promise.resolve({ queueJobId: null });
      void track(runIndexRequest(kb, request, { signal: controller.signal }))
        .then((outcome) =>
          logger.info(
            { sourceId: request.sourceId, trigger: request.trigger, ...outcome },
            outcome.kind === 'ran' ? 'index run finished' : 'index run skipped: already running',
          ),
        )
        .catch((error: unknown) =>
          logger.error(
            { sourceId: request.sourceId, trigger: request.trigger, err: describeError(error) },
            'index run failed',
          ),
        );
      return Promise.resolve({ queueJobId: null });
    },

    async run(request: IndexRequest, onProgress): Promise<IndexJob> {
      const outcome = await track(
        runIndexRequest(kb, request, {
          signal: controller.signal,
          ...(onProgress && { onProgress }),
        }),
      );
      if (outcome.kind === 'already_running') {
        throw alreadyRunning(request.sourceId, await runningJob(kb, request.sourceId));
      }
      const job = await kb.jobs.get(outcome.jobId);
      if (job === null) throw new Error(`index job ${outcome.jobId} vanished`);
      return job;
    },

    async stop() {
      stopped = true;
      controller.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
