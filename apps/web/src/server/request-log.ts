import type { MiddlewareHandler } from 'hono';
import type { Logger } from '@clarify/chat';

/**
 * One debug line per request: method, path (never the query or the body: they hold questions
 * and tokens), status and time; a server error at error level.
 */
export function requestLog(logger: Logger): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    const entry = {
      method: c.req.method,
      path: new URL(c.req.url).pathname,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    if (c.res.status >= 500) logger.error(entry, 'request failed');
    else logger.debug(entry, 'request');
  };
}
