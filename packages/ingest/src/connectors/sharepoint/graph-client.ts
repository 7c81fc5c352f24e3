import type { z } from 'zod';
import { ClarifyError } from '@clarify/core';
import { politeFetch, type PoliteFetchOptions } from '../web/polite-fetch';
import type { AccessTokens } from './client-credentials-token';
import { graphErrorSchema } from './graph-shapes';

/** A Graph answer that was not a success: its status and Graph's error code. */
export type GraphFailure = {
  status: number;
  code: string | undefined;
  message: string | undefined;
};

export type GraphClient = {
  /** The absolute URL of a Graph path such as `/drives/{id}` (v1.0). */
  url(path: string): string;
  /** GETs a URL as JSON checked by the schema; a failure answer comes back as `GraphFailure`. */
  getJson<T>(
    url: string,
    schema: z.ZodType<T>,
  ): Promise<{ ok: true; value: T } | ({ ok: false } & GraphFailure)>;
  /** GETs a URL as bytes (redirects followed); a failure answer comes back as `GraphFailure`. */
  getBytes(url: string): Promise<{ ok: true; bytes: Uint8Array } | ({ ok: false } & GraphFailure)>;
};

/**
 * Microsoft Graph v1.0 with an app-only token, through `politeFetch`: 429 and 503 are retried
 * after their Retry-After (Graph's throttling), timeouts and dropped connections a few times,
 * and a request that never gets an answer throws `source_unreadable`. Other statuses are
 * returned for the caller to judge, with Graph's error code.
 */
export function createGraphClient(options: {
  graphUrl: string;
  tokens: AccessTokens;
  fetch: PoliteFetchOptions;
}): GraphClient {
  const base = `${options.graphUrl.replace(/\/+$/, '')}/v1.0`;

  async function get(url: string): Promise<Response> {
    const token = await options.tokens.token();
    return politeFetch(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      options.fetch,
    );
  }

  return {
    url: (path) => `${base}${path}`,
    async getJson(url, schema) {
      const response = await get(url);
      if (!response.ok) return { ok: false, ...(await failureOf(response)) };
      const body: unknown = await response.json().catch(() => undefined);
      const parsed = schema.safeParse(body);
      if (!parsed.success) {
        throw new ClarifyError(
          'source_unreadable',
          `${url}: Microsoft Graph answered in an unexpected shape (${parsed.error.issues[0]?.message ?? 'not JSON'})`,
          { retryable: true },
        );
      }
      return { ok: true, value: parsed.data };
    },
    async getBytes(url) {
      const response = await get(url);
      if (!response.ok) return { ok: false, ...(await failureOf(response)) };
      return { ok: true, bytes: new Uint8Array(await response.arrayBuffer()) };
    },
  };
}

async function failureOf(response: Response): Promise<GraphFailure> {
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = graphErrorSchema.safeParse(body);
  return {
    status: response.status,
    code: parsed.success ? parsed.data.error.code : undefined,
    message: parsed.success ? parsed.data.error.message : undefined,
  };
}

/** "403 accessDenied: Access denied", for messages. */
export function describeFailure(failure: GraphFailure): string {
  const status = failure.code ? `${failure.status} ${failure.code}` : String(failure.status);
  return failure.message ? `${status}: ${failure.message}` : status;
}

/**
 * A listing that cannot go on: a refusal names the permission the app needs, a server error
 * or throttling that outlasted the retries is retryable.
 */
export function listingFailed(what: string, failure: GraphFailure): ClarifyError {
  const refused = failure.status === 401 || failure.status === 403;
  return new ClarifyError(
    'source_unreadable',
    `${what}: Microsoft Graph answered ${describeFailure(failure)}${
      refused
        ? ' (the app needs the Sites.Read.All or Files.Read.All application permission, granted by an admin)'
        : ''
    }`,
    { retryable: failure.status >= 500 || failure.status === 429 },
  );
}
