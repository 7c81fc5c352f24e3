import { createHash } from 'node:crypto';
import { ClarifyError, HEADING_SEPARATOR } from '@clarify/core';
import type { SourceItem, SourceReader, WithheldItem } from '../../sources/source-reader';
import type { PoliteFetchOptions } from '../web/polite-fetch';
import { createConfluenceClient, type ConfluenceClient } from './confluence-client';
import type { ListedContent } from './confluence-schemas';
import { storageToHtml } from './storage-to-html';
import { withholdRestricted } from './withhold-restricted';
import { escapeHtml } from '../escape-html';

export type ConfluenceSourceSettings = {
  /** The site, e.g. https://acme.atlassian.net (without `/wiki`). */
  baseUrl: string;
  /** Keys of the spaces to index (HR, ENG, ~jane for a personal space). */
  spaces: string[];
  /** The account's email: the token is sent with it (Basic auth); without it, as a Bearer token. */
  email?: string;
  /** The variable holding the API token (never the token itself). */
  tokenEnv: string;
  /** At most this many pages in all (oldest first), so a listing has bounds. */
  maxPages: number;
};

type Listed = ListedContent & { spaceKey: string };

/**
 * Confluence Cloud spaces as a source. The listing is complete or throws, so the indexer never
 * deletes on a failure: each space is checked (a missing key is named), then searched with
 * everything the listing needs expanded, page after page (see `createConfluenceClient`). Each
 * page's version number is its change marker, so an unchanged page is not read. A page with a
 * view restriction, its own or an ancestor's, is left out (deleted if it was indexed) and
 * reported through `withheld()`: the source's audience is the space's, never wider than a
 * page's. A page is read as its storage format converted to HTML under its title, its ancestors
 * being the heading path above it; a page failing to read fails alone (`document_unreadable`).
 *
 * Why no delta listing by last-modified date (`lastmodified > …`, kept in the sync state): a
 * restriction added to a page, a move or a deletion does not change the page's version or date,
 * and each must take the page out of the index. A full listing costs a request per hundred pages
 * and no body; the version marker is what keeps unchanged pages free.
 */
export function createConfluenceSourceReader(
  settings: ConfluenceSourceSettings,
  context: { secret: (name: string) => string | undefined; fetch?: Partial<PoliteFetchOptions> },
): SourceReader {
  const token = context.secret(settings.tokenEnv);
  if (!token) {
    throw new ClarifyError(
      'config_invalid',
      `the variable ${settings.tokenEnv} (tokenEnv) is not set`,
    );
  }
  const siteUrl = settings.baseUrl;
  const client = createConfluenceClient({
    siteUrl,
    authorization: settings.email
      ? `Basic ${Buffer.from(`${settings.email}:${token}`).toString('base64')}`
      : `Bearer ${token}`,
    credentials: settings.email
      ? `the email ${settings.email} and the API token in ${settings.tokenEnv}`
      : `the token in ${settings.tokenEnv}`,
    fetch: { timeoutMs: 30_000, maxRetries: 4, maxWaitMs: 60_000, ...context.fetch },
  });
  let withheld: WithheldItem[] = [];

  return {
    async list() {
      withheld = [];
      const pages = new Map<string, Listed>();
      for (const spaceKey of settings.spaces) {
        if (pages.size >= settings.maxPages) break;
        await client.requireSpace(spaceKey);
        for await (const page of client.spacePages(spaceKey)) {
          if (pages.size >= settings.maxPages) break;
          pages.set(page.id, { ...page, spaceKey });
        }
      }
      const sorted = await withholdRestricted([...pages.values()], (id) =>
        client.hasReadRestriction(id),
      );
      withheld = sorted.withheld;
      return sorted.open.map((page) => item(page, siteUrl, client));
    },
    withheld: () => withheld,
  };
}

function item(page: Listed, siteUrl: string, client: ConfluenceClient): SourceItem {
  const ancestors = page.ancestors.map((ancestor) => ancestor.title.trim() || ancestor.id);
  const webui = page._links?.webui;
  const uri = webui
    ? `${siteUrl}/wiki${webui}`
    : `${siteUrl}/wiki/pages/viewpage.action?pageId=${encodeURIComponent(page.id)}`;
  const modified = new Date(page.version.when);
  return {
    externalId: page.id,
    uri,
    modifiedAt: Number.isNaN(modified.getTime()) ? null : modified,
    sizeBytes: null,
    parseAs: '.html',
    // The version number, and where the page sits: a move or a renamed ancestor changes the
    // heading path without a new version.
    version: `v:${page.version.number};ancestors:${placeOf(page)}`,
    headingPath: ancestors,
    async read() {
      const storage = await client.pageStorage(page.id, page.version.number);
      const body = storageToHtml(storage, { siteUrl, spaceKey: page.spaceKey });
      return new TextEncoder().encode(pageDocument({ title: page.title, ancestors, uri, body }));
    },
  };
}

/**
 * The page as one HTML document: its title as the only top heading. The ancestors and address
 * are in the head (dropped when parsed) so that the bytes change when the page is moved, as the
 * indexer compares bytes to tell a change.
 */
function pageDocument(page: { title: string; ancestors: string[]; uri: string; body: string }) {
  const title = escapeHtml(page.title);
  return (
    `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>` +
    `<link rel="canonical" href="${escapeHtml(page.uri)}">` +
    `<meta name="confluence-ancestors" content="${escapeHtml(page.ancestors.join(HEADING_SEPARATOR))}">` +
    `</head><body><h1>${title}</h1>${page.body}</body></html>`
  );
}

/** A short digest of the page's ancestors, ids and titles. */
function placeOf(page: Listed): string {
  const ancestors = page.ancestors.map((ancestor) => `${ancestor.id}\0${ancestor.title}`);
  return createHash('sha256').update(ancestors.join('\n')).digest('hex').slice(0, 12);
}
