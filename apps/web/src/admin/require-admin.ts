import type { MiddlewareHandler } from 'hono';
import type { SessionEnv } from '../server/session';

/**
 * Admin pages for signed-in admins only: a page asked for without a session goes to the
 * sign-in (and back after); anything else is refused with 401.
 */
export function requireAdmin(): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    if (c.get('session').admin) return next();
    if (c.req.method === 'GET' && c.req.header('hx-request') !== 'true') {
      const next = encodeURIComponent(new URL(c.req.url).pathname);
      return c.redirect(`/login?next=${next}`, 302);
    }
    return c.text('Sign in as an admin first.', 401);
  };
}
