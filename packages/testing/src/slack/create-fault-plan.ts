/** How the next call(s) to a method fail. */
export type SlackFailure = {
  /** An HTTP status such as 429 or 503; without one the call gets 200 `{ ok: false, error }`. */
  status?: number;
  /** The `Retry-After` header of a 429; 1 by default. */
  retryAfterSeconds?: number;
  /** The Slack error code, e.g. 'ratelimited', 'channel_not_found'; 'ratelimited' for a 429. */
  error?: string;
  /** How many consecutive calls fail; 1 by default. */
  times?: number;
};

export type ChannelRateLimit = {
  /** The `Retry-After` header; 1 by default. */
  retryAfterSeconds?: number;
  /** How many chat.* calls for the channel get 429; 1 by default. */
  times?: number;
};

/** An injected answer in place of the method's own. */
export type SlackFault = {
  status: number;
  headers: Record<string, string>;
  body: { ok: false; error: string };
};

type Pending = { fault: SlackFault; remaining: number };

/** Queued failures per method, 429s per channel for chat.* methods, and slow methods. */
export function createFaultPlan() {
  const failures = new Map<string, Pending[]>();
  const channelLimits = new Map<string, Pending>();
  const delays = new Map<string, number>();

  /** Takes the fault that applies to this call, if any; method failures come first. */
  function take(method: string, args: Record<string, unknown>): SlackFault | undefined {
    const queue = failures.get(method) ?? [];
    const channel = args['channel'];
    const limit =
      method.startsWith('chat.') && typeof channel === 'string'
        ? channelLimits.get(channel)
        : undefined;
    const pending = queue[0] ?? limit;
    if (pending === undefined) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) {
      if (pending === queue[0]) queue.shift();
      else if (typeof channel === 'string') channelLimits.delete(channel);
    }
    return pending.fault;
  }

  return {
    take,
    failNext(method: string, failure: SlackFailure): void {
      const queue = failures.get(method) ?? [];
      queue.push({ fault: toFault(failure), remaining: failure.times ?? 1 });
      failures.set(method, queue);
    },
    rateLimitChannel(channel: string, limit: ChannelRateLimit = {}): void {
      const fault = toFault({ status: 429, ...limit });
      channelLimits.set(channel, { fault, remaining: limit.times ?? 1 });
    },
    /** Holds every answer of `method` for `ms`; 0 makes it fast again. */
    delay(method: string, ms: number): void {
      if (ms > 0) delays.set(method, ms);
      else delays.delete(method);
    },
    delayOf: (method: string): number => delays.get(method) ?? 0,
  };
}

function toFault(failure: SlackFailure): SlackFault {
  const status = failure.status ?? 200;
  const headers: Record<string, string> = {};
  if (status === 429) headers['retry-after'] = String(failure.retryAfterSeconds ?? 1);
  const error = failure.error ?? (status === 429 ? 'ratelimited' : 'internal_error');
  return { status, headers, body: { ok: false, error } };
}
