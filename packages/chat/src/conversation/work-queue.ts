import pLimit from 'p-limit';

/** Answering work: in order within a conversation, at most `concurrency` at once overall. */
export type WorkQueue = {
  /** How many pieces of work a new one would wait behind (0: it starts at once). */
  ahead(): number;
  /** Runs `work` after the earlier work of `key` and when a slot is free. */
  run<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Waits for a slot as `run` does and keeps it until the returned release is called. */
  hold(key: string): Promise<() => void>;
};

/**
 * A burst of questions gets every "working…" placeholder first (posting it does not queue),
 * then the answers, `concurrency` at a time; a follow-up waits for the answer before it in its
 * thread, so it is read with that answer in the history.
 */
export function createWorkQueue(concurrency: number): WorkQueue {
  const limit = pLimit(concurrency);
  const tails = new Map<string, Promise<unknown>>();
  /** Work received and not finished: running, waiting for a slot or for its key. */
  let received = 0;
  const queue: WorkQueue = {
    ahead() {
      return Math.max(0, received - concurrency + 1);
    },
    run(key, work) {
      received += 1;
      const before = tails.get(key);
      const started = before === undefined ? limit(work) : before.then(() => limit(work));
      const tail = started.catch(() => undefined).finally(() => (received -= 1));
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return started;
    },
    hold(key) {
      return new Promise((resolve) => {
        void queue.run(key, () => new Promise<void>((release) => resolve(release)));
      });
    },
  };
  return queue;
}
