import type { IndexJob, IndexTrigger } from '@clarify/core';
import type { IndexProgress } from '@clarify/ingest';

/** A re-index someone or something asked for: what the queue carries to a worker. */
export type IndexRequest = {
  sourceId: string;
  trigger: IndexTrigger;
  /** Who asked: a CLI user, an admin's chat id, "schedule". */
  requestedBy?: string | null;
  /** Re-process every document, changed or not. */
  full?: boolean;
  /** Allow deleting more than a fifth of the source in this run (DI-3). */
  confirmDeletions?: boolean;
};

/** What became of a request a worker took. */
export type IndexOutcome =
  | { kind: 'ran'; jobId: number }
  /** Another run of the source held its lock: this one did nothing. */
  | { kind: 'already_running'; runningJobId: number | null };

/**
 * Where re-index requests go: run in this process (the embedded database), or queued in
 * Postgres for the workers. Schedules `submit`; people (`clarify reindex --wait`, `/clarify
 * reindex`) `run` and follow the run to its end.
 */
export interface IndexDispatch {
  /**
   * Starts or queues a run without waiting for it. A `key` makes it idempotent: the same key
   * submitted twice (two workers' schedules firing for one slot) runs once. The queued job's
   * id when it was queued (null: run here, or already queued under that key).
   */
  submit(request: IndexRequest, key?: string): Promise<{ queueJobId: string | null }>;
  /**
   * Runs or queues one and resolves with the finished job; throws what made it fail, and
   * `index_already_running` (saying how far the other run is) when the source is being indexed.
   */
  run(request: IndexRequest, onProgress?: (progress: IndexProgress) => void): Promise<IndexJob>;
  /** Stops taking requests; runs this process started are interrupted and awaited. */
  stop(): Promise<void>;
}
