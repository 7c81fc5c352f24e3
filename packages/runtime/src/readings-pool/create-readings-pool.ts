import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ExtractionResult } from '@clarify/core';
import type { ReadingsInput, ReadReadings } from '@clarify/offline';

export type ReadingsPool = {
  read: ReadReadings;
  /** Threads the pool runs at most. */
  threads: number;
  /**
   * Resolves once a thread has loaded the engine (about a second of CPU at start-up, better
   * spent before the app takes requests than under the first burst of them).
   */
  ready(): Promise<void>;
  close(): Promise<void>;
};

/** Threads by default: the cores but one (the event loop's), at least one, at most four. */
export function defaultReadingThreads(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

/**
 * Stage 5 of the offline engine in worker threads (piscina): a chat app's event loop only
 * retrieves and replies, so acknowledgements and "working…" placeholders never wait behind
 * the CPU work of other people's answers.
 */
export function createReadingsPool(options: { threads?: number } = {}): ReadingsPool {
  const threads = options.threads ?? defaultReadingThreads();
  // Two tasks: the readings (the default export) and `loaded`, so the pool is not typed by one.
  const pool = new Piscina({
    filename: new URL('./readings-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
  });
  return {
    threads,
    read: (input: ReadingsInput) => pool.run(input) as Promise<ExtractionResult>,
    ready: async () => {
      await pool.run(undefined, { name: 'loaded' });
    },
    close: () => pool.destroy(),
  };
}
