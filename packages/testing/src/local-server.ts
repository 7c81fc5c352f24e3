import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake service's HTTP server on 127.0.0.1, on a free port. A request its handler fails on is
 * answered 500 with the error (a bug in the fake), never left hanging. `close()` ends every
 * connection, hung ones included.
 */
export async function startLocalServer(
  handle: (request: IncomingMessage, response: ServerResponse) => Promise<void> | void,
): Promise<{ server: Server; origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    Promise.resolve()
      .then(() => handle(request, response))
      .catch((error: unknown) => {
        if (response.headersSent) response.destroy();
        else response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
      });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    server,
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
