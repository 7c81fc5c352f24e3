export type RecordingLog<Entry> = {
  /** Every entry, in the order recorded. */
  readonly entries: readonly Entry[];
  record(entry: Entry): void;
  /** Resolves with the first entry (recorded or to come) that satisfies `predicate`. */
  waitFor(predicate: (entry: Entry) => boolean, timeoutMs: number): Promise<Entry>;
  /** Rejects every pending `waitFor`. */
  close(): void;
};

type Waiter<Entry> = {
  predicate: (entry: Entry) => boolean;
  resolve: (entry: Entry) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
};

/**
 * An append-only list that can be awaited. `describe` renders an entry for the message of a
 * `waitFor` that times out, which lists everything recorded so far.
 */
export function createRecordingLog<Entry>(
  noun: string,
  describe: (entry: Entry) => string,
): RecordingLog<Entry> {
  const entries: Entry[] = [];
  const waiters = new Set<Waiter<Entry>>();

  function settle(waiter: Waiter<Entry>): void {
    clearTimeout(waiter.timer);
    waiters.delete(waiter);
  }

  function timeoutMessage(timeoutMs: number): string {
    const seen = entries.map((entry, index) => `  ${index + 1}. ${describe(entry)}`);
    const listing = seen.length === 0 ? ` (no ${noun}s)` : `:\n${seen.join('\n')}`;
    return `No matching ${noun} within ${timeoutMs} ms; ${entries.length} ${noun}(s) seen${listing}`;
  }

  return {
    entries,
    record(entry) {
      entries.push(entry);
      for (const waiter of [...waiters]) {
        if (!waiter.predicate(entry)) continue;
        settle(waiter);
        waiter.resolve(entry);
      }
    },
    waitFor(predicate, timeoutMs) {
      const found = entries.find(predicate);
      if (found !== undefined) return Promise.resolve(found);
      return new Promise<Entry>((resolve, reject) => {
        const waiter: Waiter<Entry> = {
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            settle(waiter);
            reject(new Error(timeoutMessage(timeoutMs)));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    close() {
      for (const waiter of [...waiters]) {
        settle(waiter);
        waiter.reject(new Error(`The fake closed while waiting for a ${noun}`));
      }
    },
  };
}
