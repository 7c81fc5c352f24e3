/** A rate-limit answer from Slack: retry after this many seconds. */
export class RateLimited extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`rate limited; retry after ${retryAfterSeconds} s`);
  }
}

export type ChannelThrottle = {
  /**
   * Runs `call` for `channel`, waiting out a pause the channel is under, and when the call is
   * rate limited pausing that channel (only) for its Retry-After and trying again, at most
   * `maxRateLimitRetries` times.
   */
  run<T>(channel: string, call: () => Promise<T>): Promise<T>;
};

/**
 * Per-channel handling of Slack's 429s (RELIABILITY SL-4): Slack limits chat.postMessage per
 * channel, so a throttled channel waits its Retry-After while calls for other channels go on.
 * (The Web API client's own handling pauses every call of the client.)
 */
export function createChannelThrottle(options: {
  maxRateLimitRetries: number;
  /** Longest pause honoured; a longer Retry-After fails the call instead of stalling it. */
  maxPauseMs: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}): ChannelThrottle {
  const now = options.now ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  const pausedUntil = new Map<string, number>();

  async function waitForChannel(channel: string): Promise<void> {
    for (;;) {
      const until = pausedUntil.get(channel) ?? 0;
      const wait = until - now();
      if (wait <= 0) return;
      await sleep(wait);
    }
  }

  return {
    async run(channel, call) {
      for (let attempt = 0; ; attempt += 1) {
        await waitForChannel(channel);
        try {
          return await call();
        } catch (error) {
          if (!(error instanceof RateLimited)) throw error;
          const pauseMs = error.retryAfterSeconds * 1000;
          if (attempt >= options.maxRateLimitRetries || pauseMs > options.maxPauseMs) throw error;
          pausedUntil.set(channel, Math.max(pausedUntil.get(channel) ?? 0, now() + pauseMs));
        }
      }
    },
  };
}
