import { ClarifyError, describeError } from '@clarify/core';

export const USER_AGENT = 'ClarifyBot/1.0 (+https://github.com/clarify-bot/clarify)';

export type PoliteFetchOptions = {
  timeoutMs: number;
  /** Retries after 429 and 503 (Retry-After honoured up to `maxWaitMs`), timeouts, resets. */
  maxRetries: number;
  maxWaitMs: number;
  headers?: Record<string, string>;
  sleep?: (ms: number) => Promise<void>;
};

/**
 * One HTTP request as a well-behaved crawler makes it: its own user agent, a timeout, and a
 * few retries on 429/503 (after their Retry-After), timeouts and dropped connections. Other
 * statuses are returned as they are; a request that never succeeds throws `source_unreadable`.
 */
export async function politeFetch(
  url: string,
  init: { method?: 'GET' | 'HEAD'; headers?: Record<string, string> },
  options: PoliteFetchOptions,
): Promise<Response> {
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    let response: Response | undefined;
    let failure: unknown;
    try {
      response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: { 'user-agent': USER_AGENT, ...options.headers, ...init.headers },
        redirect: 'follow',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      failure = error;
    }
    const retryable = response === undefined || response.status === 429 || response.status === 503;
    if (!retryable) return response as Response;
    if (attempt >= options.maxRetries) {
      if (response !== undefined) return response;
      throw new ClarifyError('source_unreadable', `${url}: ${describeError(failure)}`, {
        cause: failure,
        retryable: true,
      });
    }
    await response?.body?.cancel();
    await sleep(waitMs(response, attempt, options.maxWaitMs));
  }
}

/** Retry-After (seconds or a date) when given, else exponential backoff; at most `maxWaitMs`. */
function waitMs(response: Response | undefined, attempt: number, maxWaitMs: number): number {
  const header = response?.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), maxWaitMs);
  }
  return Math.min(250 * 2 ** attempt, maxWaitMs);
}
