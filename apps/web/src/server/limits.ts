import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** How often one key (a browser, an address) may do a thing; the wait when it may not. */
export type Limit = {
  /** null when allowed (and counted), else the seconds to wait. */
  take(key: string): Promise<number | null>;
};

/** At most `points` per `seconds` for each key, in memory (one console process). */
export function createLimit(points: number, seconds: number): Limit {
  const limiter = new RateLimiterMemory({ points, duration: seconds });
  return {
    async take(key) {
      try {
        await limiter.consume(key);
        return null;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.ceil(rejection.msBeforeNext / 1000);
        throw rejection;
      }
    },
  };
}
