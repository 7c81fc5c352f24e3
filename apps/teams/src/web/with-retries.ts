/** How a failed Bot Connector call is retried. */
export type RetryPolicy = {
  maxRetries: number;
  /** The longest wait between two attempts, whatever Retry-After asks. */
  maxDelayMs: number;
  /** The first backoff; doubled per attempt, with jitter. */
  baseDelayMs: number;
  sleep?: (ms: number) => Promise<void>;
  onRetry?: (failure: { attempt: number; status: number | undefined; delayMs: number }) => void;
};

const NETWORK_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EPIPE',
  'UND_ERR_SOCKET',
]);

/** The HTTP status of a connector failure (RestError, fetch errors), if it had one. */
export function failureStatus(error: unknown): number | undefined {
  const candidate = error as {
    statusCode?: unknown;
    status?: unknown;
    response?: { status?: unknown };
  };
  for (const value of [candidate.statusCode, candidate.status, candidate.response?.status]) {
    if (typeof value === 'number') return value;
  }
  return undefined;
}

function retryAfterMs(error: unknown): number | undefined {
  const headers = (error as { response?: { headers?: unknown } }).response?.headers;
  let value: unknown;
  if (headers && typeof (headers as { get?: unknown }).get === 'function') {
    value = (headers as { get(name: string): unknown }).get('retry-after');
  } else if (headers && typeof headers === 'object') {
    value = (headers as Record<string, unknown>)['retry-after'];
  }
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(String(value));
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function isRetryable(error: unknown): boolean {
  const status = failureStatus(error);
  if (status !== undefined) return status === 429 || status >= 500;
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
  const name = (error as { name?: unknown }).name;
  return name === 'AbortError' || name === 'TimeoutError' || name === 'FetchError';
}

/**
 * Runs a Bot Connector call, retrying 429s after their Retry-After and 5xx, timeouts and
 * dropped connections with exponential backoff; anything else (401, 404, a bad request) fails
 * at once.
 */
export async function withRetries<T>(policy: RetryPolicy, call: () => Promise<T>): Promise<T> {
  const sleep = policy.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= policy.maxRetries || !isRetryable(error)) throw error;
      const backoff = policy.baseDelayMs * 2 ** attempt * (0.5 + Math.random() / 2);
      const delayMs = Math.min(policy.maxDelayMs, retryAfterMs(error) ?? backoff);
      policy.onRetry?.({ attempt: attempt + 1, status: failureStatus(error), delayMs });
      await sleep(delayMs);
    }
  }
}
