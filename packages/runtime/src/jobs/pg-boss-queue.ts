import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import { ClarifyError, describeError, isClarifyError } from '@clarify/core';
import type { IndexOutcome, IndexRequest } from './index-request';

export const INDEX_QUEUE = 'clarify-index';

/** A queued request's state, as whoever queued it follows it. */
export type QueuedStatus =
  | { state: 'queued' | 'running' }
  | { state: 'done'; outcome: IndexOutcome }
  | { state: 'failed'; error: string };

/** What a worker's handler returns for a failed run: final, not retried. */
type FailedOutput = { kind: 'failed'; error: string };

export type IndexQueue = {
  /** Queues a request; the same `key` twice queues it once (null the second time). */
  enqueue(request: IndexRequest, key?: string): Promise<string | null>;
  status(queueJobId: string): Promise<QueuedStatus | null>;
  /**
   * Takes requests, `concurrency` at a time in this process, until `stop()`. A run interrupted
   * by a shutdown is put back for another worker; any other failure is final (the next
   * schedule tries again) and reported to whoever follows it.
   */
  work(
    handler: (
      request: IndexRequest,
      context: { queueJobId: string; signal: AbortSignal },
    ) => Promise<IndexOutcome>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /** Stops taking requests, interrupts the runs in progress, waits up to `graceMs` for them. */
  stop(options?: { graceMs?: number }): Promise<void>;
};

/**
 * The index queue in Postgres (pg-boss, its own `pgboss` schema): several workers share the
 * requests, each taken once. Only workers supervise (expire, archive); a requester opens it to
 * queue and follow.
 */
/** Attempts at creating the queue when workers starting together deadlock on it. */
const CREATE_ATTEMPTS = 5;
/** Postgres errors of two transactions racing, where trying again succeeds. */
const RACE_CODES: ReadonlySet<string> = new Set(['40P01', '40001', '23505', '42P07']);

/**
 * The index queue, created once. Workers starting together (a deployment scaled out) each try
 * to create it; pg-boss creates its partition in the same transaction, and two of those can
 * deadlock: the loser tries again, and finds the queue the winner made.
 */
async function ensureQueue(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if ((await boss.getQueue(INDEX_QUEUE)) !== null) return;
    try {
      await boss.createQueue(INDEX_QUEUE, {
        name: INDEX_QUEUE,
        policy: 'standard',
        retryLimit: 2,
        retryDelay: 30,
        // A worker that dies mid-run leaves its job active: it is failed and retried after this.
        expireInSeconds: 2 * 60 * 60,
      });
      return;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= CREATE_ATTEMPTS || typeof code !== 'string' || !RACE_CODES.has(code))
        throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export async function openIndexQueue(options: {
  connectionString: string;
  /** Workers: true (maintenance, expiring jobs whose worker died). Requesters: false. */
  supervise: boolean;
  onError?: (error: Error) => void;
  pollingIntervalSeconds?: number;
}): Promise<IndexQueue> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: 4,
    supervise: options.supervise,
    schedule: false,
    application_name: 'clarify-index-queue',
  });
  boss.on('error', (error) => options.onError?.(error));
  try {
    await boss.start();
    await ensureQueue(boss);
  } catch (error) {
    await boss.stop({ graceful: false, wait: true }).catch(() => {});
    throw new ClarifyError(
      'database_unavailable',
      `cannot open the index queue: ${describeError(error)}`,
      { cause: error },
    );
  }
  const controller = new AbortController();
  const polling = options.pollingIntervalSeconds ?? 2;

  return {
    async enqueue(request, key) {
      return boss.send(INDEX_QUEUE, request, {
        ...(key !== undefined && { id: uuidFor(key) }),
      });
    },

    async status(queueJobId) {
      const job = await boss.getJobById<IndexRequest>(INDEX_QUEUE, queueJobId, {
        includeArchive: true,
      });
      if (job === null) return null;
      switch (job.state) {
        case 'created':
        case 'retry':
          return { state: 'queued' };
        case 'active':
          return { state: 'running' };
        case 'completed': {
          const output = job.output as IndexOutcome | FailedOutput;
          return output.kind === 'failed'
            ? { state: 'failed', error: output.error }
            : { state: 'done', outcome: output };
        }
        default:
          return { state: 'failed', error: failureOf(job.output, job.state) };
      }
    },

    async work(handler, { concurrency = 1 } = {}) {
      for (let worker = 0; worker < concurrency; worker += 1) {
        await boss.work<IndexRequest>(
          INDEX_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: polling },
          async ([job]) => {
            if (job === undefined) return undefined;
            try {
              return await handler(job.data, { queueJobId: job.id, signal: controller.signal });
            } catch (error) {
              // Interrupted by a shutdown: thrown, so pg-boss hands it to another worker.
              if (isClarifyError(error, 'index_interrupted')) throw error;
              return { kind: 'failed', error: describeError(error) } satisfies FailedOutput;
            }
          },
        );
      }
    },

    async stop({ graceMs = 10_000 } = {}) {
      controller.abort();
      await boss.stop({ graceful: true, wait: true, timeout: graceMs });
    },
  };
}

/** A stable UUID for an idempotency key (pg-boss ids are UUIDs; a duplicate id is not queued). */
export function uuidFor(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function failureOf(output: unknown, state: string): string {
  const message = (output as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : `the queued run was ${state}`;
}
