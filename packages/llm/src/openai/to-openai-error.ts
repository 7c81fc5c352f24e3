import { ClarifyError } from '@clarify/core';
import type { ClarifyErrorCode } from '@clarify/core';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';

export type OpenAiErrorContext = {
  /** The code of the returned error, e.g. 'llm_failed'. */
  code: ClarifyErrorCode;
  /** What failed, starting each message, e.g. 'chat completion "rewrite"'. */
  operation: string;
  /** Scrubbed from every message; never part of what this returns. */
  apiKey: string;
  timeoutMs: number;
  maxRetries: number;
};

const MAX_DETAIL_LENGTH = 300;

/**
 * Wraps an error thrown by the OpenAI SDK into a ClarifyError with a short message naming the
 * status or the failure, `retryable` for rate limits, server errors, timeouts and connection
 * failures, and the SDK error as `cause` (replaced by a scrubbed copy if its message contains the
 * API key). The SDK has already retried what it retries.
 */
export function toOpenAiError(error: unknown, context: OpenAiErrorContext): ClarifyError {
  const { code, operation, apiKey } = context;
  const cause = scrubCause(error, apiKey);
  const attempts = `${context.maxRetries + 1} attempt${context.maxRetries === 0 ? '' : 's'}`;
  if (error instanceof APIUserAbortError) {
    return new ClarifyError(code, `${operation} was cancelled`, { cause });
  }
  if (error instanceof APIConnectionTimeoutError) {
    const message = `${operation} timed out after ${context.timeoutMs} ms (${attempts})`;
    return new ClarifyError(code, message, { cause, retryable: true });
  }
  if (error instanceof APIConnectionError) {
    const message = `${operation} failed: API unreachable (${attempts}): ${detail(error, apiKey)}`;
    return new ClarifyError(code, message, { cause, retryable: true });
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const retryable = isRetryableStatus(error.status);
    const after = retryable ? ` after ${attempts}` : '';
    const message = `${operation} failed with HTTP ${error.status}${after}: ${detail(error, apiKey)}`;
    return new ClarifyError(code, message, { cause, retryable });
  }
  if (error instanceof SyntaxError) {
    const message = `${operation} failed: the API returned invalid JSON`;
    return new ClarifyError(code, message, { cause, retryable: true });
  }
  return new ClarifyError(code, `${operation} failed: ${detail(error, apiKey)}`, { cause });
}

/** The statuses the SDK retries: timeouts, lock conflicts, rate limits, server errors. */
function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The server's own error message when there is one, else the error's; scrubbed and shortened. */
function detail(error: unknown, apiKey: string): string {
  const body: unknown = error instanceof APIError ? error.error : undefined;
  const serverMessage =
    typeof body === 'object' && body !== null && 'message' in body ? body.message : undefined;
  const text =
    typeof serverMessage === 'string' && serverMessage !== ''
      ? serverMessage
      : error instanceof Error
        ? error.message
        : String(error);
  const scrubbed = scrub(text, apiKey).replace(/\s+/g, ' ').trim();
  return scrubbed.length > MAX_DETAIL_LENGTH
    ? `${scrubbed.slice(0, MAX_DETAIL_LENGTH)}…`
    : scrubbed;
}

function scrubCause(error: unknown, apiKey: string): unknown {
  if (!(error instanceof Error) || apiKey === '' || !error.message.includes(apiKey)) return error;
  return new Error(scrub(error.message, apiKey));
}

function scrub(text: string, apiKey: string): string {
  return apiKey === '' ? text : text.split(apiKey).join('[redacted]');
}
