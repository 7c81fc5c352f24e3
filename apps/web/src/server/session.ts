import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { randomId, sameText, sign } from './signing';

export const BROWSER_COOKIE = 'clarify_browser';
export const ADMIN_COOKIE = 'clarify_admin';
/** How long an admin stays signed in. */
const ADMIN_SESSION_MS = 8 * 60 * 60 * 1000;
const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** What every request knows of its browser: its id, its CSRF token, whether it is an admin. */
export type Session = {
  browserId: string;
  /** Who the browser is in conversations and votes: derived from its id, never the id itself. */
  userId: string;
  csrf: string;
  admin: boolean;
};

export type SessionEnv = { Variables: { session: Session } };

/**
 * Gives every browser an id (an HttpOnly cookie), the CSRF token its forms carry (an HMAC of
 * that id), and tells whether it signed in as an admin (a signed, expiring cookie bound to it).
 */
export function sessions(
  secret: Buffer,
  now: () => number = Date.now,
): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    let browserId = getCookie(c, BROWSER_COOKIE) ?? '';
    if (!BROWSER_ID.test(browserId)) {
      browserId = randomId();
      setCookie(c, BROWSER_COOKIE, browserId, cookieOptions(c));
    }
    c.set('session', {
      browserId,
      userId: `web-${sign(secret, `user:${browserId}`).slice(0, 16)}`,
      csrf: sign(secret, `csrf:${browserId}`),
      admin: isAdminCookie(secret, browserId, getCookie(c, ADMIN_COOKIE), now()),
    });
    await next();
  };
}

/** Signs this browser in as an admin until the session expires. */
export function signIn(
  c: Context,
  secret: Buffer,
  browserId: string,
  now: number = Date.now(),
): void {
  const expires = now + ADMIN_SESSION_MS;
  setCookie(c, ADMIN_COOKIE, `${expires}.${sign(secret, `admin:${browserId}:${expires}`)}`, {
    ...cookieOptions(c),
    sameSite: 'Strict',
    maxAge: ADMIN_SESSION_MS / 1000,
  });
}

export function signOut(c: Context): void {
  setCookie(c, ADMIN_COOKIE, '', { ...cookieOptions(c), maxAge: 0 });
}

function isAdminCookie(
  secret: Buffer,
  browserId: string,
  cookie: string | undefined,
  now: number,
): boolean {
  const [expires, signature] = (cookie ?? '').split('.');
  if (!expires || !signature || !(Number(expires) > now)) return false;
  return sameText(signature, sign(secret, `admin:${browserId}:${expires}`));
}

function cookieOptions(c: Context) {
  const https =
    new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
  return { path: '/', httpOnly: true, sameSite: 'Lax' as const, secure: https };
}
