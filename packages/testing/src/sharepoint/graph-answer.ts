import { randomUUID } from 'node:crypto';

/** An answer of the fake: a JSON body, raw bytes, or nothing (a redirect). */
export type GraphAnswer = {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
};

/** How the next matching request(s) fail instead of being served. */
export type FakeSharePointFault =
  /** An error answer in Graph's shape, with a `Retry-After` header (seconds) when given. */
  | { status: number; retryAfterSeconds?: number }
  /** Never answered: the socket stays open until `close()`, so the client must time out. */
  | { hang: true };

/** An error in Graph's shape: `{ error: { code, message, innerError } }`. */
export function graphError(status: number, code: string, message: string): GraphAnswer {
  return {
    status,
    body: {
      error: {
        code,
        message,
        innerError: {
          date: new Date().toISOString().slice(0, 19),
          'request-id': randomUUID(),
          'client-request-id': randomUUID(),
        },
      },
    },
  };
}

const FAULT_CODES: Record<number, [string, string]> = {
  400: ['invalidRequest', 'Invalid request'],
  401: ['InvalidAuthenticationToken', 'Access token has expired or is not yet valid.'],
  403: ['accessDenied', 'Access denied'],
  404: ['itemNotFound', 'The resource could not be found.'],
  429: ['TooManyRequests', 'The request has been throttled'],
  500: ['generalException', 'General exception while processing'],
  503: ['serviceNotAvailable', 'Service unavailable'],
};

/** An injected failure, in Graph's shape, or the identity platform's for a token request. */
export function faultAnswer(
  fault: { status: number; retryAfterSeconds?: number },
  tokenRequest: boolean,
): GraphAnswer {
  const [code, message] = FAULT_CODES[fault.status] ?? ['generalException', 'Injected failure'];
  const answer = tokenRequest
    ? {
        status: fault.status,
        body: { error: 'temporarily_unavailable', error_description: message },
      }
    : graphError(fault.status, code, message);
  return fault.retryAfterSeconds === undefined
    ? answer
    : { ...answer, headers: { 'retry-after': String(fault.retryAfterSeconds) } };
}
