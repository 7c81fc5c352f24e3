import { randomUUID, sign } from 'node:crypto';

/** How the app proves itself to Microsoft Entra ID: its password, or a certificate. */
export type GraphCredentials =
  | { kind: 'password'; password: string }
  | { kind: 'certificate'; thumbprint: string; privateKey: string };

export type GraphTokens = {
  /** An app-only Graph token for the tenant (renewed five minutes before it expires). */
  token(tenantId: string): Promise<string>;
};

const RENEW_BEFORE_MS = 5 * 60 * 1000;
const ASSERTION_LIFETIME_S = 10 * 60;

/**
 * App-only tokens for Microsoft Graph by the OAuth 2.0 client-credentials grant, one per tenant
 * (resource-specific consent is granted in the tenant where the team is), cached until shortly
 * before they expire; concurrent callers share one request.
 */
export function createGraphTokens(options: {
  appId: string;
  credentials: GraphCredentials;
  /** `https://login.microsoftonline.com` (or a national cloud's, or a test's). */
  loginUrl: string;
  /** `https://graph.microsoft.com/.default` by default. */
  scope?: string;
  timeoutMs: number;
  now?: () => number;
}): GraphTokens {
  const now = options.now ?? Date.now;
  const scope = options.scope ?? 'https://graph.microsoft.com/.default';
  const cache = new Map<string, Promise<{ token: string; expiresAt: number }>>();

  async function request(tenantId: string): Promise<{ token: string; expiresAt: number }> {
    const url = `${options.loginUrl.replace(/\/+$/, '')}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
    const form = new URLSearchParams({
      client_id: options.appId,
      scope,
      grant_type: 'client_credentials',
      ...secret(options, url, now()),
    });
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
    };
    if (!response.ok || typeof body.access_token !== 'string') {
      throw new GraphError(
        `could not get a Graph token (${response.status}${typeof body.error === 'string' ? ` ${body.error}` : ''})`,
        response.status,
      );
    }
    const lifetimeS = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    return { token: body.access_token, expiresAt: now() + lifetimeS * 1000 };
  }

  return {
    async token(tenantId) {
      const cached = cache.get(tenantId);
      if (cached !== undefined) {
        const held = await cached.catch(() => undefined);
        if (held !== undefined && held.expiresAt - RENEW_BEFORE_MS > now()) return held.token;
        if (cache.get(tenantId) !== cached) return this.token(tenantId);
      }
      const fresh = request(tenantId);
      cache.set(tenantId, fresh);
      try {
        return (await fresh).token;
      } catch (error) {
        if (cache.get(tenantId) === fresh) cache.delete(tenantId);
        throw error;
      }
    },
  };
}

/** The password, or a client assertion signed with the certificate's key (RFC 7523). */
function secret(
  options: { appId: string; credentials: GraphCredentials },
  audience: string,
  nowMs: number,
): Record<string, string> {
  const { credentials } = options;
  if (credentials.kind === 'password') return { client_secret: credentials.password };
  const issuedAt = Math.floor(nowMs / 1000);
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    x5t: Buffer.from(credentials.thumbprint.replace(/[^0-9a-f]/gi, ''), 'hex').toString(
      'base64url',
    ),
  };
  const claims = {
    aud: audience,
    iss: options.appId,
    sub: options.appId,
    jti: randomUUID(),
    nbf: issuedAt,
    iat: issuedAt,
    exp: issuedAt + ASSERTION_LIFETIME_S,
  };
  const unsigned = `${base64url(header)}.${base64url(claims)}`;
  const signature = sign('RSA-SHA256', Buffer.from(unsigned), credentials.privateKey);
  return {
    client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
    client_assertion: `${unsigned}.${signature.toString('base64url')}`,
  };
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** A Graph or token call that failed, with its HTTP status (0 when none came back). */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}
