import { ClarifyError, describeError } from '@clarify/core';

export type ClientCredentialsTokenOptions = {
  /** `https://login.microsoftonline.com`, a national cloud's, or a test's. */
  loginUrl: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The variable the secret came from: named (never the secret) when it is refused. */
  clientSecretEnv: string;
  /** `https://graph.microsoft.com/.default`, or the national cloud's Graph. */
  scope: string;
  timeoutMs: number;
  now?: () => number;
};

/** App-only bearer tokens for one tenant. */
export type AccessTokens = { token(): Promise<string> };

const RENEW_BEFORE_MS = 5 * 60 * 1000;

/**
 * App-only Graph tokens by the OAuth 2.0 client-credentials grant with a client secret, cached
 * until five minutes before they expire; concurrent callers share one request. A refused
 * secret, client or tenant (400/401) is `config_invalid` naming the tenant, the client and the
 * variable, so whoever reads it knows what to fix; anything else is a retryable
 * `source_unreadable`. (apps/teams has its own token client with certificate assertions; this
 * package cannot import from apps, and a source needs only a secret.)
 */
export function createClientCredentialsToken(options: ClientCredentialsTokenOptions): AccessTokens {
  const now = options.now ?? Date.now;
  const url = `${options.loginUrl.replace(/\/+$/, '')}/${encodeURIComponent(options.tenantId)}/oauth2/v2.0/token`;
  let cached: Promise<{ token: string; expiresAt: number }> | undefined;

  async function request(): Promise<{ token: string; expiresAt: number }> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: options.clientId,
          client_secret: options.clientSecret,
          scope: options.scope,
          grant_type: 'client_credentials',
        }).toString(),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new ClarifyError(
        'source_unreadable',
        `could not get a Microsoft Graph token from ${url}: ${describeError(error)}`,
        { cause: error, retryable: true },
      );
    }
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: unknown;
      expires_in?: unknown;
      error?: unknown;
      error_description?: unknown;
    };
    if (response.ok && typeof body.access_token === 'string') {
      const lifetimeS = typeof body.expires_in === 'number' ? body.expires_in : 3600;
      return { token: body.access_token, expiresAt: now() + lifetimeS * 1000 };
    }
    const reason = [
      typeof body.error === 'string' ? body.error : undefined,
      typeof body.error_description === 'string'
        ? firstSentence(body.error_description)
        : undefined,
    ]
      .filter(Boolean)
      .join(': ');
    const answered = `${response.status}${reason ? ` ${reason}` : ''}`;
    if (response.status === 400 || response.status === 401) {
      throw new ClarifyError(
        'config_invalid',
        `Microsoft Entra ID refused client ${options.clientId} of tenant ${options.tenantId} with the secret in ${options.clientSecretEnv} (${answered}); check the tenant id, the client id and that the secret is current`,
      );
    }
    throw new ClarifyError(
      'source_unreadable',
      `could not get a Microsoft Graph token (${answered})`,
      {
        retryable: true,
      },
    );
  }

  return {
    async token(): Promise<string> {
      const current = cached;
      if (current !== undefined) {
        const held = await current.catch(() => undefined);
        if (held !== undefined && held.expiresAt - RENEW_BEFORE_MS > now()) return held.token;
        // Another caller started a renewal while this one waited: share it.
        if (cached !== current) return this.token();
      }
      const fresh = request();
      cached = fresh;
      try {
        return (await fresh).token;
      } catch (error) {
        if (cached === fresh) cached = undefined;
        throw error;
      }
    },
  };
}

/** An AADSTS description up to its trace and correlation ids, which only support needs. */
function firstSentence(description: string): string {
  return description.split(/\r?\n| Trace ID:/)[0]?.trim() ?? description;
}
