/** Runs async tasks with at most a fixed number in flight; the rest wait in arrival order. */
export type Semaphore = {
  /**
   * Runs `task` once a slot is free and frees the slot when it settles. If `signal` aborts while
   * the task is still waiting, it never starts and the call rejects with the signal's reason.
   */
  run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a slot. */
  readonly waiting: number;
};

type Waiter = { start: () => void };

/** A counting semaphore for bounding concurrent calls (no dependency, FIFO, abortable waits). */
export function createSemaphore(limit: number): Semaphore {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`semaphore limit must be a positive integer, got ${limit}`);
  }
  let running = 0;
  const queue: Waiter[] = [];

  function acquire(signal: AbortSignal | undefined): Promise<void> {
    signal?.throwIfAborted();
    if (running < limit) {
      running += 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const position = queue.indexOf(waiter);
        if (position >= 0) queue.splice(position, 1);
        reject(signal?.reason as Error);
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          running += 1;
          resolve();
        },
      };
      queue.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  function release(): void {
    running -= 1;
    queue.shift()?.start();
  }

  async function run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await acquire(signal);
    try {
      return await task();
    } finally {
      release();
    }
  }

  return {
    run,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
