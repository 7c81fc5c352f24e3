import type { ClarifyConfig } from '@clarify/config';
import { describeError } from '@clarify/core';
import type { AddressInfo } from 'node:net';
import { checkDatabase } from '@clarify/db';
import {
  applyDeclaredSourcesAtStart,
  createOperationsEndpoints,
  createReadiness,
  openKnowledgeBase,
  serveOperations,
  startIndexing,
} from '@clarify/runtime';
import { createWorkerLogger } from './logger';

/** LF-5: a worker that has not stopped this long after SIGTERM exits anyway. */
export const SHUTDOWN_LIMIT_MS = 15_000;

/**
 * The index worker's process (`clarify worker`, `pnpm --filter @clarify/worker start`): the
 * declared sources applied, scheduled re-indexes kept (a missed one run once at start), queued
 * runs taken from Postgres; on SIGTERM or SIGINT it stops the schedules, takes nothing new,
 * interrupts its runs between documents (their jobs go back to the queue for another worker)
 * and exits 0 within 15 s.
 */
export async function runWorker(
  config: ClarifyConfig,
  options: { concurrency?: number; port?: number } = {},
): Promise<void> {
  const logger = createWorkerLogger(config.logLevel);
  const kb = await openKnowledgeBase(config, { onWarning: (message) => logger.warn(message) });
  try {
    await applyDeclaredSourcesAtStart(kb.sources, config.sources.file, logger);
    const indexing = await startIndexing(kb, {
      role: 'worker',
      logger,
      ...(options.concurrency !== undefined && { concurrency: options.concurrency }),
    });
    // /healthz, /readyz and /metrics for probes and Prometheus, when a port is given.
    const port = options.port ?? config.sources.workerPort;
    const operations =
      port === undefined
        ? null
        : await serveOperations(
            createOperationsEndpoints({
              readiness: createReadiness({
                checkDatabase: () => checkDatabase(kb.database),
                circuit: null,
              }),
              sources: () => kb.sources.list(),
            }),
            { port },
          );
    // Listening for SIGTERM before saying we run: a signal before any listener kills the
    // process outright, and whoever reads "running" may send one at once.
    const signalled = new Promise<void>((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    });
    logger.info(
      {
        database: kb.database.description,
        queue: indexing.queued ? 'postgres (pg-boss)' : 'in-process',
        concurrency: options.concurrency ?? 1,
        ...(operations && { port: (operations.address() as AddressInfo).port }),
      },
      'Clarify worker is running',
    );
    await signalled;
    logger.info('stopping: no new runs; runs in progress are interrupted and recorded');
    const limit = setTimeout(() => {
      logger.error(`did not stop within ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    limit.unref();
    if (operations) {
      const closed = new Promise((resolve) => operations.close(resolve));
      operations.closeAllConnections();
      await closed;
    }
    await indexing.stop();
    logger.info('stopped');
  } catch (error) {
    logger.error({ err: describeError(error) }, 'the worker failed');
    throw error;
  } finally {
    await kb.close();
  }
}
