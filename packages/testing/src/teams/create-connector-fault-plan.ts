/** How the next Connector API call(s) fail. */
export type ConnectorFailure =
  | {
      status: 429;
      /** The `Retry-After` header; 1 by default. */
      retryAfterSeconds?: number;
    }
  | { status: 500 | 502 | 503 | 401 | 404 }
  | {
      /** Accepts the request and never answers, so that the client times out. */
      hang: true;
    };

/** An injected answer in place of the route's own; `hang` means no answer at all. */
export type ConnectorFault =
  | {
      status: number;
      headers: Record<string, string>;
      body: { error: { code: string; message: string } };
    }
  | { hang: true };

type Pending = { fault: ConnectorFault; remaining: number };

const errors: Record<number, { code: string; message: string }> = {
  401: { code: 'Unauthorized', message: 'Authorization has been denied for this request.' },
  404: { code: 'ConversationNotFound', message: 'Conversation not found.' },
  429: { code: 'TooManyRequests', message: 'Too many requests; retry later.' },
  500: { code: 'ServiceError', message: 'An internal error occurred.' },
  502: { code: 'BadGateway', message: 'The upstream service failed.' },
  503: { code: 'ServiceUnavailable', message: 'The service is unavailable.' },
};

/** Queued failures for Connector API calls, taken in order whatever the route. */
export function createConnectorFaultPlan() {
  const queue: Pending[] = [];

  return {
    /** Takes the fault for this call, if one is queued. */
    take(): ConnectorFault | undefined {
      const pending = queue[0];
      if (pending === undefined) return undefined;
      pending.remaining -= 1;
      if (pending.remaining <= 0) queue.shift();
      return pending.fault;
    },
    /** Queues `times` failures after those already queued. */
    fail(times: number, failure: ConnectorFailure): void {
      if (!Number.isInteger(times) || times < 1) {
        throw new RangeError(`fail(times) needs a positive integer, got ${times}`);
      }
      queue.push({ fault: toFault(failure), remaining: times });
    },
  };
}

function toFault(failure: ConnectorFailure): ConnectorFault {
  if ('hang' in failure) return { hang: true };
  const headers: Record<string, string> = {};
  if (failure.status === 429) headers['retry-after'] = String(failure.retryAfterSeconds ?? 1);
  const error = errors[failure.status] ?? { code: 'Error', message: `HTTP ${failure.status}` };
  return { status: failure.status, headers, body: { error } };
}
