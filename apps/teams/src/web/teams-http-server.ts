import { answerOperations, type OperationsEndpoints } from '@clarify/runtime';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** The largest activity accepted; Teams' own are a few kilobytes. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** botbuilder's request and response shapes, as `CloudAdapter.process` reads and writes them. */
export type BotRequest = {
  body: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  method: string;
};
export type BotResponse = {
  socket: unknown;
  status(code: number): BotResponse;
  header(name: string, value: unknown): BotResponse;
  send(body: unknown): BotResponse;
  end(): BotResponse;
};

export type ProcessActivity = (request: BotRequest, response: BotResponse) => Promise<void>;

/**
 * `POST /api/messages` for the Bot Connector and `GET /healthz`: the body read once (1 MB at
 * most, 413 beyond), JSON that is not an object refused with 400 before botbuilder sees it.
 * `onRequest` learns of every POST until it is answered (the conversation layer lets acks go
 * before its work).
 */
export function createTeamsHttpServer(
  processActivity: ProcessActivity,
  options: {
    onError: (error: unknown) => void;
    onRequest?: () => () => void;
    /** `/healthz`, `/readyz`, `/metrics`. */
    operations?: OperationsEndpoints;
  },
): Server {
  const { onError } = options;
  return createServer((req, res) => {
    if (req.method === 'POST') {
      const answered = options.onRequest?.();
      if (answered) res.once('close', answered);
    }
    const operations = options.operations;
    const served = operations ? answerOperations(operations, req, res) : Promise.resolve(false);
    void served
      .then((answered) => (answered ? undefined : route(req, res, processActivity)))
      .catch((error: unknown) => {
        onError(error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('internal error');
      });
  });
}

async function route(req: IncomingMessage, res: ServerResponse, processActivity: ProcessActivity) {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && path === '/healthz') return reply(res, 200, 'ok');
  if (path !== '/api/messages') return reply(res, 404, 'not found');
  if (req.method !== 'POST') return reply(res, 405, 'method not allowed');
  const raw = await readBody(req);
  if (raw === null) return reply(res, 413, 'activity too large');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return reply(res, 400, 'the body is not JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return reply(res, 400, 'the body is not an activity');
  }
  const response = botResponse(res);
  try {
    await processActivity(
      { body: body as Record<string, unknown>, headers: req.headers, method: 'POST' },
      response,
    );
  } catch (error) {
    // botbuilder's schema check of the activity throws before authenticating.
    if (!res.headersSent) return reply(res, 400, 'the body is not a valid activity');
    throw error;
  }
  if (!res.writableEnded) res.end();
}

function reply(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? null : Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function botResponse(res: ServerResponse): BotResponse {
  let status = 200;
  const response: BotResponse = {
    socket: res.socket,
    status(code) {
      status = code;
      return response;
    },
    header(name, value) {
      res.setHeader(name, String(value));
      return response;
    },
    send(body) {
      if (!res.headersSent) res.statusCode = status;
      if (typeof body === 'string' || Buffer.isBuffer(body)) res.write(body);
      else if (body !== undefined) {
        if (!res.headersSent) res.setHeader('content-type', 'application/json');
        res.write(JSON.stringify(body));
      }
      return response;
    },
    end() {
      if (!res.headersSent) res.statusCode = status;
      res.end();
      return response;
    },
  };
  return response;
}
