/**
 * Urgent work first, on one event loop: while any urgent piece is in flight, and until their
 * arrivals pause for `quietMs`, what waits at the gate waits — at most `maxWaitMs`, so a steady
 * stream of urgent work cannot starve it. The layer keeps two: requests being acknowledged
 * (the platform's deadline) go before any work, and working states being placed go before
 * answers, so a burst of mentions gets every ack, then every "working…" message, without the
 * database or the CPU busy with answers.
 */
export type Gate = {
  /** Urgent work started; call the returned function once it is done. */
  enter(): () => void;
  /** Resolves when nothing urgent is in flight and none arrived lately, or after `maxWaitMs`. */
  clear(): Promise<void>;
};

export function createGate(
  options: { maxWaitMs?: number; quietMs?: number; now?: () => number } = {},
): Gate {
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
