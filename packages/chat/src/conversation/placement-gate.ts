/**
 * Working states go up before answers are worked out: while any placeholder is on its way
 * (its event being claimed, the message being posted), answering waits — up to `maxWaitMs`,
 * so a steady stream of new questions cannot starve the answers. A burst of mentions gets all
 * its "working…" messages first, without the database or the CPU busy with answers.
 */
export type PlacementGate = {
  /** A placeholder is on its way; call the returned function once it is up (or not needed). */
  enter(): () => void;
  /** Resolves when no placeholder is on its way, or after `maxWaitMs`. */
  clear(): Promise<void>;
};

export function createPlacementGate(maxWaitMs = 2_000): PlacementGate {
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  const release = () => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  return {
    enter() {
      inFlight += 1;
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inFlight -= 1;
        if (inFlight === 0) release();
      };
    },
    clear() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, maxWaitMs);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}
