import { ClarifyError, describeError } from '@clarify/core';
import type { z } from 'zod';
import { politeFetch, type PoliteFetchOptions } from '../web/polite-fetch';
import {
  isRestricted,
  listedContentSchema,
  pageBodySchema,
  readRestrictionSchema,
  searchPageSchema,
  spaceSchema,
  type ListedContent,
} from './confluence-schemas';

export type ConfluenceClientOptions = {
  /** The site without `/wiki`, e.g. https://acme.atlassian.net. */
  siteUrl: string;
  /** The `Authorization` header value (Basic email:token, or Bearer token). */
  authorization: string;
  /** Where the credentials come from, for the message when they are refused. */
  credentials: string;
  fetch: PoliteFetchOptions;
};

/**
 * The listing asks for everything it needs in the search itself: the version (the change
 * marker), the ancestors (the heading path, and where view restrictions are inherited from) and
 * the page's own read restrictions. One request per 100 pages of a space (fewer when the site
 * caps `limit`), instead of v2's page listing plus a restriction call per page.
 */
const SEARCH_EXPAND = [
  'version',
  'ancestors',
  'restrictions.read.restrictions.user',
  'restrictions.read.restrictions.group',
].join(',');
const SEARCH_LIMIT = 100;

/**
 * Confluence Cloud's REST API as the source reader uses it: v1 for the space check, the CQL
 * search and restrictions (v2 has no search with expansions, nor restrictions), v2 for a page's
 * body. Every request goes through `politeFetch` (429/503 after Retry-After, timeouts, retries)
 * and only ever to `siteUrl`: a `next` link elsewhere is refused, so the credentials stay there.
 * While listing, failures throw `source_unreadable`; reading a page, `document_unreadable`.
 */
export function createConfluenceClient(options: ConfluenceClientOptions) {
  const wiki = `${options.siteUrl}/wiki`;
  const fetchOptions: PoliteFetchOptions = {
    ...options.fetch,
    headers: {
      ...options.fetch.headers,
      accept: 'application/json',
      authorization: options.authorization,
    },
  };

  /** A listing request's JSON, checked; a refusal, a 404 (with `missing`) or any failure throws. */
  async function listingJson<T>(url: string, schema: z.ZodType<T>, missing?: string): Promise<T> {
    const response = await politeFetch(url, {}, fetchOptions);
    if (!response.ok) {
      await response.body?.cancel();
      throw listingFailure(url, response.status, missing);
    }
    return parsed(url, await jsonOf(response, url), schema, 'source_unreadable');
  }

  function listingFailure(url: string, status: number, missing?: string): ClarifyError {
    if (status === 401 || status === 403) {
      return new ClarifyError(
        'source_unreadable',
        `Confluence at ${options.siteUrl} refused the token (${status}): check ${options.credentials}`,
      );
    }
    if (status === 404 && missing !== undefined) {
      return new ClarifyError('source_unreadable', missing);
    }
    return new ClarifyError('source_unreadable', `${withoutQuery(url)} answered ${status}`, {
      retryable: status >= 500 || status === 429,
    });
  }

  /** The next page's URL from a `_links.next` (relative to /wiki), on this site only. */
  function nextUrl(next: string): string {
    const url = new URL(next.startsWith('/wiki/') ? next : `/wiki${next}`, options.siteUrl);
    if (url.origin !== new URL(options.siteUrl).origin) {
      throw new ClarifyError(
        'source_unreadable',
        `Confluence sent a next link to another site: ${url.origin}`,
      );
    }
    return url.href;
  }

  return {
    /** Throws a clear error when the space does not exist (or the account cannot see it). */
    async requireSpace(key: string): Promise<void> {
      await listingJson(
        `${wiki}/rest/api/space/${encodeURIComponent(key)}`,
        spaceSchema,
        `Confluence at ${options.siteUrl} has no space "${key}", or the account cannot see it`,
      );
    },

    /** Every current page of a space, oldest first, following the cursor links to the end. */
    async *spacePages(key: string): AsyncGenerator<ListedContent> {
      const query = new URLSearchParams({
        cql: `space = "${key.replace(/["\\]/g, '\\$&')}" and type = page order by created asc`,
        expand: SEARCH_EXPAND,
        limit: String(SEARCH_LIMIT),
      });
      const seen = new Set<string>();
      let url: string | undefined = `${wiki}/rest/api/content/search?${query.toString()}`;
      while (url !== undefined) {
        if (seen.has(url)) {
          throw new ClarifyError('source_unreadable', `Confluence repeated ${withoutQuery(url)}`);
        }
        seen.add(url);
        const page: z.infer<typeof searchPageSchema> = await listingJson(url, searchPageSchema);
        for (const result of page.results) {
          yield parsed(url, result, listedContentSchema, 'source_unreadable');
        }
        const next: string | undefined = page._links?.next;
        url = next === undefined ? undefined : nextUrl(next);
      }
    },

    /** Whether content has a view restriction of its own; null when it cannot be found (404). */
    async hasReadRestriction(id: string): Promise<boolean | null> {
      const url = `${wiki}/rest/api/content/${encodeURIComponent(id)}/restriction/byOperation/read?expand=restrictions.user,restrictions.group`;
      const response = await politeFetch(url, {}, fetchOptions);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw listingFailure(url, response.status);
      }
      return isRestricted(
        parsed(url, await jsonOf(response, url), readRestrictionSchema, 'source_unreadable'),
      );
    },

    /** A page's body in storage format, at the version listed; a failure is the page's alone. */
    async pageStorage(id: string, version: number): Promise<string> {
      const url = `${wiki}/api/v2/pages/${encodeURIComponent(id)}?body-format=storage&version=${version}`;
      let response: Response;
      try {
        response = await politeFetch(url, {}, fetchOptions);
      } catch (error) {
        throw new ClarifyError(
          'document_unreadable',
          `Confluence page ${id}: ${describeError(error)}`,
          { cause: error },
        );
      }
      if (!response.ok) {
        await response.body?.cancel();
        const gone = response.status === 404 ? ' (deleted since it was listed?)' : '';
        throw new ClarifyError(
          'document_unreadable',
          `Confluence page ${id} answered ${response.status}${gone}`,
        );
      }
      return parsed(
        url,
        await jsonOf(response, url, 'document_unreadable'),
        pageBodySchema,
        'document_unreadable',
      ).body.storage.value;
    },
  };
}

export type ConfluenceClient = ReturnType<typeof createConfluenceClient>;

type FailureCode = 'source_unreadable' | 'document_unreadable';

async function jsonOf(
  response: Response,
  url: string,
  code: FailureCode = 'source_unreadable',
): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    throw new ClarifyError(
      code,
      `${withoutQuery(url)} answered with no JSON: ${describeError(error)}`,
      { cause: error },
    );
  }
}

function parsed<T>(url: string, value: unknown, schema: z.ZodType<T>, code: FailureCode): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the answer';
  const id = (value as { id?: unknown } | null)?.id;
  throw new ClarifyError(
    code,
    `${withoutQuery(url)} answered an unexpected shape${typeof id === 'string' ? ` for ${id}` : ''}: ${where}: ${issue?.message ?? 'invalid'}`,
  );
}

function withoutQuery(url: string): string {
  return url.split('?')[0] ?? url;
}
