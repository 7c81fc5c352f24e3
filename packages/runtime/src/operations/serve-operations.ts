import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import type { OperationsEndpoints } from './operations-endpoints';

/**
 * Answers a GET of `/healthz`, `/readyz` or `/metrics` on any node:http server; false when the
 * request is something else (the app's own).
 */
export async function answerOperations(
  endpoints: OperationsEndpoints,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<boolean> {
  if (request.method !== 'GET') return false;
  const answer = await endpoints.handle((request.url ?? '/').split('?')[0] ?? '/');
  if (answer === null) return false;
  response.writeHead(answer.status, { 'content-type': answer.contentType }).end(answer.body);
  return true;
}

/**
 * A server of the operations endpoints alone, for a process with no HTTP of its own (the
 * worker, Slack in Socket Mode). Resolves once it listens.
 */
export async function serveOperations(
  endpoints: OperationsEndpoints,
  options: { port: number; host?: string },
): Promise<Server> {
  const server = createServer((request, response) => {
    answerOperations(endpoints, request, response)
      .then((answered) => {
        if (!answered) response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      })
      .catch(() => {
        if (!response.headersSent) response.writeHead(500).end();
      });
  });
  server.listen({ port: options.port, ...(options.host && { host: options.host }) });
  await once(server, 'listening');
  return server;
}
