/**
 * Working states go up before answers are worked out: while any placeholder is on its way
 * (its event being claimed, the message being posted), and until the arrivals pause for
 * `quietMs`, answering waits — at most `maxWaitMs`, so a steady stream of new questions cannot
 * starve the answers. A burst of mentions gets all its "working…" messages first, without the
 * database or the CPU busy with answers.
 */
export type PlacementGate = {
  /** A placeholder is on its way; call the returned function once it is up (or not needed). */
  enter(): () => void;
  /** Resolves when no placeholder is on its way and none arrived lately, or after `maxWaitMs`. */
  clear(): Promise<void>;
};

export function createPlacementGate(
  options: { maxWaitMs?: number; quietMs?: number; now?: () => number } = {},
): PlacementGate {
  const maxWaitMs = options.maxWaitMs ?? 2_000;
  const quietMs = options.quietMs ?? 25;
  const now = options.now ?? (() => performance.now());
  let inFlight = 0;
  let lastArrival = -Infinity;
  const isClear = () => inFlight === 0 && now() - lastArrival >= quietMs;
  return {
    enter() {
      inFlight += 1;
      lastArrival = now();
      let left = false;
      return () => {
        if (left) return;
        left = true;
        inFlight -= 1;
      };
    },
    async clear() {
      const deadline = now() + maxWaitMs;
      while (!isClear() && now() < deadline) {
        const wait = inFlight > 0 ? quietMs : quietMs - (now() - lastArrival);
        await new Promise((resolve) =>
          setTimeout(resolve, Math.max(1, Math.min(wait, deadline - now()))),
        );
      }
    },
  };
}
