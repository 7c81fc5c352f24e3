import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as client from 'openid-client';
import type { OidcConfig } from '@clarify/config';
import { sameText, sign } from '../server/signing';

const FLOW_COOKIE = 'clarify_oidc';
/** How long a sign-in at the provider may take. */
const FLOW_MS = 10 * 60 * 1000;

/** Who signed in at the provider. */
export type OidcIdentity = { subject: string; email: string | null; admin: boolean };

/** The sign-in's own state, kept in a signed cookie between the redirect and the callback. */
type Flow = { verifier: string; state: string; nonce: string; next: string; expires: number };

export type OidcLogin = {
  /** The provider's sign-in page for this browser, the flow's secrets kept in a cookie. */
  begin(c: Context, next: string): Promise<URL>;
  /** The provider's answer checked (state, nonce, PKCE, the ID token's signature): who it is. */
  finish(c: Context): Promise<{ identity: OidcIdentity; next: string }>;
};

/**
 * OpenID Connect sign-in with openid-client: authorization code with PKCE, state and nonce,
 * the provider discovered on first use (and again after a failure). `callbackUrl` is where the
 * provider sends browsers back, built on the public URL.
 */
export function createOidcLogin(
  settings: OidcConfig,
  options: { secret: Buffer; callbackUrl: (c: Context) => URL; allowHttp?: boolean },
): OidcLogin {
  let discovered: Promise<client.Configuration> | null = null;
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        settings.clientSecret,
        undefined,
        options.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
  const seal = (flow: Flow) => {
    const body = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${body}.${sign(options.secret, `oidc:${body}`)}`;
  };
  const unseal = (cookie: string | undefined): Flow | null => {
    const [body, signature] = (cookie ?? '').split('.');
    if (!body || !signature || !sameText(signature, sign(options.secret, `oidc:${body}`))) {
      return null;
    }
    const flow = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Flow;
    return flow.expires > Date.now() ? flow : null;
  };

  return {
    async begin(c, next) {
      const config = await configuration();
      const flow: Flow = {
        verifier: client.randomPKCECodeVerifier(),
        state: client.randomState(),
        nonce: client.randomNonce(),
        next,
        expires: Date.now() + FLOW_MS,
      };
      setCookie(c, FLOW_COOKIE, seal(flow), {
        path: '/login/oidc',
        httpOnly: true,
        sameSite: 'Lax',
        secure: options.callbackUrl(c).protocol === 'https:',
        maxAge: FLOW_MS / 1000,
      });
      return client.buildAuthorizationUrl(config, {
        redirect_uri: options.callbackUrl(c).href,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
    },

    async finish(c) {
      const flow = unseal(getCookie(c, FLOW_COOKIE));
      setCookie(c, FLOW_COOKIE, '', { path: '/login/oidc', maxAge: 0 });
      if (flow === null) throw new Error('the sign-in expired or was not started here');
      const current = options.callbackUrl(c);
      current.search = new URL(c.req.url).search;
      const tokens = await client.authorizationCodeGrant(await configuration(), current, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('the provider sent no ID token');
      const email =
        typeof claims.email === 'string' && claims.email_verified !== false
          ? claims.email.toLowerCase()
          : null;
      const admin =
        settings.admins.includes(claims.sub.toLowerCase()) ||
        (email !== null && settings.admins.includes(email));
      return { identity: { subject: claims.sub, email, admin }, next: flow.next };
    },
  };
}
