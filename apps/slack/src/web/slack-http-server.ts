import { answerOperations, type OperationsEndpoints } from '@clarify/runtime';
import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';

/** Slack's replay window: a request more than five minutes away from now is refused. */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * The HTTP server in front of Bolt's receiver (RELIABILITY SL-1). Bolt verifies the signature
 * over the raw body and refuses stale timestamps, but only those in the past; this server also
 * refuses timestamps more than five minutes in the future, and a missing or non-numeric
 * timestamp, before Bolt sees the request. It serves `GET /healthz` for load balancers.
 * The body it buffered is handed on as `rawBody`, which Bolt reads instead of the stream.
 * `onRequest` learns of every request until it is answered (the conversation layer lets acks
 * go before its work).
 */
export function createSlackHttpServer(
  boltListener: RequestListener,
  options: {
    now?: () => number;
    /** Told of every POST; what it returns is called once the response is sent. */
    onRequest?: () => () => void;
    /** `/healthz`, `/readyz`, `/metrics`; a bare `/healthz` when absent. */
    operations?: OperationsEndpoints;
  } = {},
): Server {
  const now = options.now ?? Date.now;
  return createServer((request, response) => {
    if (request.method === 'GET' && options.operations) {
      const operations = options.operations;
      answerOperations(operations, request, response)
        .then((answered) => {
          if (!answered) boltListener(request, response);
        })
        .catch(() => {
          if (!response.headersSent) response.writeHead(500).end();
        });
      return;
    }
    if (request.method === 'GET' && request.url === '/healthz') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (request.method !== 'POST') {
      boltListener(request, response);
      return;
    }
    const answered = options.onRequest?.();
    if (answered) response.once('close', answered);
    readBody(request)
      .then((body) => {
        if (body === null) {
          response.writeHead(413).end();
          return;
        }
        // Slack's SSL check is unsigned; Bolt answers it and drops anything smuggled with it.
        if (!isSslCheck(request, body) && !timestampIsFresh(request, now())) {
          response.writeHead(401).end();
          return;
        }
        (request as IncomingMessage & { rawBody: Buffer }).rawBody = body;
        boltListener(request, response);
      })
      .catch(() => {
        if (!response.headersSent) response.writeHead(400).end();
      });
  });
}

function isSslCheck(request: IncomingMessage, body: Buffer): boolean {
  const form = request.headers['content-type'] === 'application/x-www-form-urlencoded';
  return form && new URLSearchParams(body.toString('utf8')).get('ssl_check') === '1';
}

function timestampIsFresh(request: IncomingMessage, nowMs: number): boolean {
  const header = request.headers['x-slack-request-timestamp'];
  if (typeof header !== 'string' || !/^\d{1,12}$/.test(header)) return false;
  return Math.abs(nowMs / 1000 - Number(header)) <= MAX_CLOCK_SKEW_SECONDS;
}

/** The whole body, or null when it is larger than Slack ever sends. */
async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
