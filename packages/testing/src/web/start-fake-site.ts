import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../local-server';

/** A page the fake site serves at one path. */
export type FakePage = {
  /** Body served; a string (utf8) or bytes. */
  body: string | Uint8Array;
  /** 'text/html; charset=utf-8' by default. */
  contentType?: string;
  /** The `ETag` header, quoted as given (e.g. '"v1"'); an `If-None-Match` that matches gets 304. */
  etag?: string;
  /**
   * The `Last-Modified` header; an `If-Modified-Since` not older than it gets 304, but only when
   * the page has no `etag` (the validator a crawler should prefer).
   */
  lastModified?: Date;
};

/** How the next request(s) to a path fail instead of being served. */
export type FakeSiteFault =
  /** Throttled or unavailable, with a `Retry-After` header (in seconds) when given. */
  | { status: 429 | 503; retryAfterSeconds?: number }
  | { status: 401 | 403 | 404 | 500 }
  /** Never answered: the socket stays open until `close()`, so the client must time out. */
  | { hang: true };

/** A request as the fake site received it. */
export type FakeSiteRequest = {
  /** 'GET', 'HEAD', or whatever else was sent (answered 405). */
  method: string;
  /** The path as matched: no query string. */
  path: string;
  /** The status answered, injected faults included; undefined for a hang. */
  status: number | undefined;
  headers: Record<string, string | string[] | undefined>;
};

export type FakeSiteOptions = {
  /** Pages to serve from the start, by path; a string is an HTML body. */
  pages?: Record<string, FakePage | string>;
  /** The /robots.txt body from the start; none (404) by default. */
  robots?: string;
};

export type FakeSite = {
  /** The origin, e.g. 'http://127.0.0.1:12345', without a trailing slash. */
  readonly url: string;
  /** Adds or replaces the page at a path such as '/docs/a'; a string is an HTML body. */
  page(path: string, page: FakePage | string): void;
  /** The page is gone: 404 from now on. */
  remove(path: string): void;
  /** The /robots.txt body (text/plain); null takes it away (404, the default). */
  robots(text: string | null): void;
  /** Serves a sitemap protocol `<urlset>` at the path. */
  sitemap(path: string, urls: { loc: string; lastmod?: string }[]): void;
  /** Serves a sitemap protocol `<sitemapindex>` at the path, listing these sitemap URLs. */
  sitemapIndex(path: string, sitemaps: string[]): void;
  /** The next `times` requests to the path get the fault, before anything else; then normal service. */
  fail(path: string, times: number, fault: FakeSiteFault): void;
  /** Every request (HEAD and GET, and refused methods), in arrival order. */
  requests(): FakeSiteRequest[];
  /** Stops the server, dropping open connections (hung requests included). */
  close(): Promise<void>;
};

/** A page ready to send: its body as bytes and the headers every answer for it carries. */
type StoredPage = {
  body: Buffer;
  contentType: string;
  etag: string | undefined;
  lastModified: Date | undefined;
};

type Answer = { status: number; headers: Record<string, string>; body: Buffer };

type PendingFault = { fault: FakeSiteFault; remaining: number };

const sitemapNamespace = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const xmlType = 'application/xml; charset=utf-8';
const htmlType = 'text/html; charset=utf-8';
/** Only used to normalise paths; requests never go there. */
const pathBase = 'http://fake-site.invalid';

/**
 * Starts a small website on 127.0.0.1 (a free port) for testing a web-crawling connector:
 * pages with ETag / Last-Modified validators and conditional GETs, robots.txt, sitemaps and
 * sitemap indexes, and per-path injected faults (throttling, errors, hangs), every request
 * recorded.
 */
export async function startFakeSite(options: FakeSiteOptions = {}): Promise<FakeSite> {
  const pages = new Map<string, StoredPage>();
  const faults = new Map<string, PendingFault[]>();
  const requests: FakeSiteRequest[] = [];

  function setPage(path: string, page: FakePage | string): void {
    pages.set(normalisePath(path), storePage(typeof page === 'string' ? { body: page } : page));
  }

  /** Takes the next pending fault for the path, if any, counting it down. */
  function takeFault(path: string): FakeSiteFault | undefined {
    const queue = faults.get(path);
    const pending = queue?.[0];
    if (queue === undefined || pending === undefined) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) queue.shift();
    if (queue.length === 0) faults.delete(path);
    return pending.fault;
  }

  /** The answer for a request, or undefined when it is to hang. */
  function answer(request: IncomingMessage, method: string, path: string): Answer | undefined {
    const fault = takeFault(path);
    if (fault !== undefined) return 'hang' in fault ? undefined : faultAnswer(fault);
    if (method !== 'GET' && method !== 'HEAD') {
      return htmlAnswer(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
    }
    const page = pages.get(path);
    if (page === undefined) return htmlAnswer(404, 'Not Found');
    return pageAnswer(page, request);
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    // Nothing here reads a request body; drain one so the connection can be reused.
    request.resume();
    const method = request.method ?? 'GET';
    const path = normalisePath(request.url ?? '/');
    const entry: FakeSiteRequest = {
      method,
      path,
      status: undefined,
      headers: { ...request.headers },
    };
    requests.push(entry);
    const reply = answer(request, method, path);
    if (reply === undefined) return;
    entry.status = reply.status;
    response.writeHead(reply.status, reply.headers);
    // A HEAD answer (and a 304) carries the headers only.
    if (method === 'HEAD' || reply.status === 304) response.end();
    else response.end(reply.body);
  }

  for (const [path, page] of Object.entries(options.pages ?? {})) setPage(path, page);
  if (options.robots !== undefined) setPage('/robots.txt', robotsPage(options.robots));

  const local = await startLocalServer(handle);
  const { origin } = local;

  return {
    url: origin,
    page: setPage,
    remove: (path) => void pages.delete(normalisePath(path)),
    robots(text) {
      if (text === null) pages.delete('/robots.txt');
      else setPage('/robots.txt', robotsPage(text));
    },
    sitemap: (path, urls) => setPage(path, { body: urlsetXml(urls), contentType: xmlType }),
    sitemapIndex: (path, sitemaps) =>
      setPage(path, { body: sitemapIndexXml(sitemaps), contentType: xmlType }),
    fail(path, times, fault) {
      if (times <= 0) return;
      const key = normalisePath(path);
      faults.set(key, [...(faults.get(key) ?? []), { fault, remaining: times }]);
    },
    requests: () => requests.map((entry) => ({ ...entry, headers: { ...entry.headers } })),
    close: () => local.close(),
  };
}

/**
 * The path part of a request target or of a path given to the site, without the query string
 * or fragment, percent-encoded the same way either side so that they match.
 */
function normalisePath(target: string): string {
  // Appended rather than resolved, so that a target such as '//a' stays a path, not a host.
  const url = target.startsWith('/') ? new URL(`${pathBase}${target}`) : new URL(target, pathBase);
  return url.pathname;
}

function storePage(page: FakePage): StoredPage {
  return {
    body: typeof page.body === 'string' ? Buffer.from(page.body, 'utf8') : Buffer.from(page.body),
    contentType: page.contentType ?? htmlType,
    etag: page.etag,
    lastModified: page.lastModified,
  };
}

function robotsPage(text: string): FakePage {
  return { body: text, contentType: 'text/plain; charset=utf-8' };
}

/** 200 with the page, or 304 when the request's validator says the client's copy is current. */
function pageAnswer(page: StoredPage, request: IncomingMessage): Answer {
  const headers: Record<string, string> = {
    'content-type': page.contentType,
    'content-length': String(page.body.length),
  };
  if (page.etag !== undefined) headers['etag'] = page.etag;
  if (page.lastModified !== undefined) headers['last-modified'] = page.lastModified.toUTCString();
  if (isNotModified(page, request)) {
    const { etag, 'last-modified': lastModified } = headers;
    return {
      status: 304,
      headers: {
        ...(etag === undefined ? {} : { etag }),
        ...(lastModified === undefined ? {} : { 'last-modified': lastModified }),
      },
      body: Buffer.alloc(0),
    };
  }
  return { status: 200, headers, body: page.body };
}

/**
 * Whether a conditional GET may be answered 304: by `If-None-Match` against the ETag (weak
 * comparison, a list or '*') when the page has one, else by `If-Modified-Since`.
 */
function isNotModified(page: StoredPage, request: IncomingMessage): boolean {
  if (page.etag !== undefined) {
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch === undefined) return false;
    const wanted = stripWeak(page.etag);
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim())
      .some((tag) => tag === '*' || stripWeak(tag) === wanted);
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (page.lastModified === undefined || ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  // HTTP dates have whole seconds: compare the page's date as it was sent.
  const modified = Math.floor(page.lastModified.getTime() / 1000) * 1000;
  return !Number.isNaN(since) && modified <= since;
}

function stripWeak(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

function faultAnswer(fault: { status: number; retryAfterSeconds?: number }): Answer {
  const headers: Record<string, string> = {};
  if (fault.retryAfterSeconds !== undefined) {
    headers['retry-after'] = String(fault.retryAfterSeconds);
  }
  return htmlAnswer(fault.status, `Injected ${fault.status}`, headers);
}

/** A status with a small HTML page saying what it is. */
function htmlAnswer(status: number, title: string, headers: Record<string, string> = {}): Answer {
  const body = Buffer.from(
    `<!doctype html><html><head><title>${escapeXml(title)}</title></head>` +
      `<body><h1>${escapeXml(title)}</h1></body></html>`,
    'utf8',
  );
  return {
    status,
    headers: { 'content-type': htmlType, 'content-length': String(body.length), ...headers },
    body,
  };
}

function urlsetXml(urls: { loc: string; lastmod?: string }[]): string {
  const entries = urls.map(({ loc, lastmod }) => {
    const lastmodLine =
      lastmod === undefined ? '' : `\n    <lastmod>${escapeXml(lastmod)}</lastmod>`;
    return `  <url>\n    <loc>${escapeXml(loc)}</loc>${lastmodLine}\n  </url>\n`;
  });
  return xmlDocument('urlset', entries.join(''));
}

function sitemapIndexXml(sitemaps: string[]): string {
  const entries = sitemaps.map(
    (loc) => `  <sitemap>\n    <loc>${escapeXml(loc)}</loc>\n  </sitemap>\n`,
  );
  return xmlDocument('sitemapindex', entries.join(''));
}

function xmlDocument(root: 'urlset' | 'sitemapindex', content: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<${root} xmlns="${sitemapNamespace}">\n${content}</${root}>\n`
  );
}

/** Escapes the five characters the sitemap protocol requires escaped in values. */
function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}
