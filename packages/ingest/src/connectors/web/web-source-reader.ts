import robotsParser from 'robots-parser';
import { ClarifyError, mapWithConcurrency } from '@clarify/core';
import type { SourceItem, SourceReader } from '../../sources/source-reader';
import { politeFetch, USER_AGENT, type PoliteFetchOptions } from './polite-fetch';
import { pageLinks, readableHtml } from './readable-html';
import { looksLikeSitemap, parseSitemap, type SitemapEntry } from './sitemap';

export type WebSourceSettings = {
  /** Pages, and sitemaps (`…sitemap….xml`) that stand for the pages they list. */
  urls: string[];
  /** Same-site links followed this many clicks from the pages given (0: only those). */
  depth: number;
  /** At most this many pages (in a stable order), so a crawl has bounds. */
  maxPages: number;
  /** The variable holding an `Authorization` header value, for a wiki behind a token. */
  authorizationEnv?: string;
};

/** Sitemaps nested at most this deep in sitemap indexes. */
const MAX_SITEMAP_NESTING = 3;
const CONCURRENCY = 8;

type Listed = { url: string; version?: string; html?: string };

/**
 * A website as a source. The listing is complete or throws (so the indexer never deletes on a
 * transient failure): robots.txt is honoured for `ClarifyBot`, sitemaps are expanded (their
 * `lastmod` is the page's version), links are followed to `depth`, and the other pages are asked
 * for their ETag or Last-Modified with HEAD. A page that is gone (404, 410) is left out, so it
 * is deleted; a server error, a refusal or a timeout fails the listing. Each page is read as its
 * article (Readability), Markdown and text as they are, PDF and Word through their parsers.
 */
export function createWebSourceReader(
  settings: WebSourceSettings,
  context: { secret: (name: string) => string | undefined; fetch?: Partial<PoliteFetchOptions> },
): SourceReader {
  const authorization = settings.authorizationEnv
    ? context.secret(settings.authorizationEnv)
    : undefined;
  if (settings.authorizationEnv && !authorization) {
    throw new ClarifyError(
      'config_invalid',
      `the variable ${settings.authorizationEnv} (authorizationEnv) is not set`,
    );
  }
  const options: PoliteFetchOptions = {
    timeoutMs: 15_000,
    maxRetries: 3,
    maxWaitMs: 30_000,
    ...(authorization && { headers: { authorization } }),
    ...context.fetch,
  };
  const get = (url: string, method: 'GET' | 'HEAD' = 'GET') =>
    politeFetch(url, { method }, options);

  return {
    async list() {
      const robots = robotsOf(get);
      const listed = new Map<string, Listed>();
      const add = (entry: Listed) => {
        if (listed.size < settings.maxPages && !listed.has(entry.url)) listed.set(entry.url, entry);
      };
      const seeds: string[] = [];
      for (const url of settings.urls) {
        if (looksLikeSitemap(url)) {
          for (const page of await expandSitemap(url, get, 0)) {
            if (await robots.allows(page.loc)) {
              add({ url: page.loc, ...(page.lastmod && { version: `lastmod:${page.lastmod}` }) });
            }
          }
        } else if (await robots.allows(url)) {
          seeds.push(normalise(url));
        }
      }
      await crawl(seeds, settings.depth, settings.maxPages, get, robots, add);
      await forEachLimited([...listed.values()], CONCURRENCY, async (entry) => {
        if (entry.version !== undefined || entry.html !== undefined) return;
        const head = await headVersion(entry.url, get);
        if (head.gone) listed.delete(entry.url);
        else if (head.version !== null) entry.version = head.version;
      });
      return [...listed.values()].map((entry) => item(entry, get));
    },
  };
}

/** Follows same-site links breadth first from the seeds, keeping each page's HTML for reading. */
async function crawl(
  seeds: string[],
  depth: number,
  maxPages: number,
  get: Get,
  robots: Robots,
  add: (entry: Listed) => void,
): Promise<void> {
  const seen = new Set(seeds);
  let level = seeds;
  for (let distance = 0; level.length > 0; distance += 1) {
    if (distance === depth) {
      for (const url of level) add({ url });
      return;
    }
    const next: string[] = [];
    await forEachLimited(level, CONCURRENCY, async (url) => {
      const response = await get(url);
      if (response.status === 404 || response.status === 410) {
        await response.body?.cancel();
        return;
      }
      if (!response.ok) throw unreadable(url, response.status);
      const type = response.headers.get('content-type') ?? '';
      const body = await response.text();
      add({ url, version: validators(response) ?? undefined, html: body });
      if (!type.includes('html')) return;
      for (const link of pageLinks(body, url)) {
        if (seen.has(link) || seen.size >= maxPages * 4) continue;
        seen.add(link);
        if (await robots.allows(link)) next.push(link);
      }
    });
    level = next.sort();
  }
}

type Get = (url: string, method?: 'GET' | 'HEAD') => Promise<Response>;
type Robots = { allows(url: string): Promise<boolean> };

/** robots.txt per origin, fetched once per listing: none (404) allows everything. */
function robotsOf(get: Get): Robots {
  const byOrigin = new Map<string, Promise<ReturnType<typeof robotsParser> | null>>();
  return {
    async allows(url) {
      const origin = new URL(url).origin;
      let robots = byOrigin.get(origin);
      if (robots === undefined) {
        robots = (async () => {
          const robotsUrl = `${origin}/robots.txt`;
          const response = await get(robotsUrl);
          if (response.status === 404 || response.status === 410) return null;
          if (!response.ok) throw unreadable(robotsUrl, response.status);
          return robotsParser(robotsUrl, await response.text());
        })();
        byOrigin.set(origin, robots);
      }
      const rules = await robots;
      return rules === null || rules.isAllowed(url, USER_AGENT.split('/')[0]) !== false;
    },
  };
}

async function expandSitemap(url: string, get: Get, nesting: number): Promise<SitemapEntry[]> {
  const response = await get(url);
  if (!response.ok) throw unreadable(url, response.status);
  const sitemap = parseSitemap(await response.text());
  if (sitemap === null) {
    throw new ClarifyError(
      'source_unreadable',
      `${url} is not a sitemap (no <urlset> or <sitemapindex>)`,
    );
  }
  if (sitemap.kind === 'pages')
    return sitemap.entries.map((entry) => ({ ...entry, loc: normalise(entry.loc) }));
  if (nesting >= MAX_SITEMAP_NESTING) {
    throw new ClarifyError('source_unreadable', `${url}: sitemap indexes nested too deep`);
  }
  const pages: SitemapEntry[] = [];
  for (const child of sitemap.entries)
    pages.push(...(await expandSitemap(child.loc, get, nesting + 1)));
  return pages;
}

/** A page's ETag or Last-Modified as its version (null when it has none), or that it is gone. */
async function headVersion(
  url: string,
  get: Get,
): Promise<{ gone: true } | { gone: false; version: string | null }> {
  const response = await get(url, 'HEAD');
  await response.body?.cancel();
  if (response.status === 404 || response.status === 410) return { gone: true };
  if (response.status === 405 || response.status === 501) return { gone: false, version: null };
  if (!response.ok) throw unreadable(url, response.status);
  return { gone: false, version: validators(response) };
}

function validators(response: Response): string | null {
  const etag = response.headers.get('etag');
  if (etag) return `etag:${etag}`;
  const modified = response.headers.get('last-modified');
  return modified ? `modified:${modified}` : null;
}

/** One page as the indexer reads it: its article as HTML, or its file as it is. */
function item(entry: Listed, get: Get): SourceItem {
  let cached = entry.html;
  const article = (html: string) => ({
    bytes: new TextEncoder().encode(readableHtml(html, entry.url)),
    parseAs: '.html',
  });
  return {
    externalId: entry.url,
    uri: entry.url,
    modifiedAt: null,
    sizeBytes: null,
    ...(entry.version !== undefined && { version: entry.version }),
    async read() {
      if (cached !== undefined) {
        const html = cached;
        cached = undefined; // read once: the crawl's copy is not kept after indexing
        return article(html);
      }
      const response = await get(entry.url);
      if (!response.ok) {
        await response.body?.cancel();
        throw new ClarifyError('document_unreadable', `${entry.url} answered ${response.status}`);
      }
      const type = (response.headers.get('content-type') ?? 'text/html').toLowerCase();
      const bytes = new Uint8Array(await response.arrayBuffer());
      const parseAs = extensionOf(type, entry.url);
      return parseAs === '.html' ? article(new TextDecoder().decode(bytes)) : { bytes, parseAs };
    },
  };
}

function extensionOf(contentType: string, url: string): string {
  if (contentType.includes('html')) return '.html';
  if (contentType.includes('markdown')) return '.md';
  if (contentType.includes('text/plain')) return '.txt';
  if (contentType.includes('pdf')) return '.pdf';
  if (contentType.includes('wordprocessingml')) return '.docx';
  throw new ClarifyError('document_unreadable', `${url}: unsupported content type ${contentType}`);
}

function normalise(url: string): string {
  const parsed = new URL(url);
  parsed.hash = '';
  return parsed.href;
}

function unreadable(url: string, status: number): ClarifyError {
  return new ClarifyError('source_unreadable', `${url} answered ${status}`, {
    retryable: status >= 500 || status === 429,
  });
}

async function forEachLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  await mapWithConcurrency(items, limit, task);
}
