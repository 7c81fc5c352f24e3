import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../local-server';
import type { FakeSiteFault } from '../web/start-fake-site';
import {
  createFakeConfluenceStore,
  type FakeConfluencePageInput,
  type FakeConfluenceSubjects,
} from './fake-confluence-store';
import { errorAnswer, routeConfluenceRequest, type RouteAnswer } from './route-confluence-request';

export type { FakeConfluencePageInput, FakeConfluenceSubjects } from './fake-confluence-store';

/** How the next matching request(s) fail: throttled (with Retry-After), an error, or a hang. */
export type FakeConfluenceFault = FakeSiteFault;

/** A request as the fake received it. */
export type FakeConfluenceRequest = {
  method: string;
  /** The path, e.g. '/wiki/rest/api/content/search', without the query string. */
  path: string;
  /** The query parameters, decoded (the last value of a repeated one). */
  query: Record<string, string>;
  /** The status answered, injected faults included; undefined for a hang. */
  status: number | undefined;
  headers: Record<string, string | string[] | undefined>;
};

/**
 * Which requests a fault is for: a path (exactly, without the query), a pattern tested against
 * the path with its query, or a test of the request.
 */
export type FakeConfluenceMatcher =
  | string
  | RegExp
  | ((request: { method: string; path: string; query: Record<string, string> }) => boolean);

export type FakeConfluenceOptions = {
  /** The account's email Basic auth must carry (default 'clarify-bot@example.com'). */
  email?: string;
  /** Its API token; also accepted alone as a Bearer token (default 'fake-confluence-token'). */
  token?: string;
  /** Search results per page at most, whatever `limit` asks: small, so listings cross pages (2). */
  pageSize?: number;
};

export type FakeConfluence = {
  /** The site's origin, e.g. 'http://127.0.0.1:12345' (the API is under /wiki). */
  readonly url: string;
  readonly email: string;
  readonly token: string;
  /** Adds an (empty) space; `page()` adds the spaces its pages name by itself. */
  space(key: string, name?: string): void;
  /** Adds a page or folder, or saves a new version of it (version number + 1). */
  page(page: FakeConfluencePageInput): { id: string; version: number };
  /** Moves it to the trash: gone from searches, 404 when read. */
  remove(id: string): void;
  /** Gives it a view restriction (a group 'hr-restricted' unless told whom); its subtree inherits it. */
  restrict(id: string, subjects?: FakeConfluenceSubjects): void;
  /** Lifts its own view restriction. */
  unrestrict(id: string): void;
  /** The next `times` matching requests get the fault, before anything else (auth included). */
  fail(match: FakeConfluenceMatcher, times: number, fault: FakeConfluenceFault): void;
  /** Every request, in arrival order. */
  requests(): FakeConfluenceRequest[];
  /** Stops the server, dropping open connections (hung requests included). */
  close(): Promise<void>;
};

type PendingFault = { match: FakeConfluenceMatcher; fault: FakeConfluenceFault; remaining: number };

/**
 * A local Confluence Cloud REST API on 127.0.0.1 for testing a connector against: the space
 * lookup, the CQL content search with its expansions and cursor pagination, a page's read
 * restrictions and a page body (v2), answered with the real API's shapes. Basic auth (email and
 * API token) or a Bearer token is checked (401 otherwise); faults (429 with Retry-After, errors,
 * hangs) can be injected per request; every request is recorded.
 */
export async function startFakeConfluence(
  options: FakeConfluenceOptions = {},
): Promise<FakeConfluence> {
  const email = options.email ?? 'clarify-bot@example.com';
  const token = options.token ?? 'fake-confluence-token';
  const accepted = new Set([
    `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`,
    `Bearer ${token}`,
  ]);
  const pageSize = options.pageSize ?? 2;
  const store = createFakeConfluenceStore();
  const faults: PendingFault[] = [];
  const requests: FakeConfluenceRequest[] = [];
  let origin = '';

  function takeFault(request: Pick<FakeConfluenceRequest, 'method' | 'path' | 'query'>) {
    const index = faults.findIndex((pending) => matches(pending.match, request));
    const pending = faults[index];
    if (pending === undefined) return undefined;
    pending.remaining -= 1;
    if (pending.remaining <= 0) faults.splice(index, 1);
    return pending.fault;
  }

  function answer(request: IncomingMessage, entry: FakeConfluenceRequest): RouteAnswer | undefined {
    const fault = takeFault(entry);
    if (fault !== undefined) return 'hang' in fault ? undefined : faultAnswer(entry.path, fault);
    if (!accepted.has(request.headers.authorization ?? '')) {
      return errorAnswer(entry.path, 401, 'Client must be authenticated to access this resource.');
    }
    if (entry.method !== 'GET') return errorAnswer(entry.path, 405, 'Method Not Allowed');
    return routeConfluenceRequest(store, {
      path: entry.path,
      query: entry.query,
      origin,
      pageSize,
    });
  }

  function handle(request: IncomingMessage, response: ServerResponse): void {
    request.resume();
    const url = new URL(request.url ?? '/', 'http://fake-confluence.invalid');
    const entry: FakeConfluenceRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      status: undefined,
      headers: { ...request.headers },
    };
    requests.push(entry);
    const reply = answer(request, entry);
    if (reply === undefined) return;
    entry.status = reply.status;
    const body = Buffer.from(JSON.stringify(reply.body), 'utf8');
    response.writeHead(reply.status, {
      'content-type': 'application/json;charset=UTF-8',
      'content-length': String(body.length),
      ...reply.headers,
    });
    response.end(body);
  }

  const local = await startLocalServer(handle);
  origin = local.origin;

  return {
    url: origin,
    email,
    token,
    space: (key, name) => void store.space(key, name),
    page(page) {
      const version = store.save(page);
      return { id: page.id, version: version.number };
    },
    remove: (id) => store.trash(id),
    restrict: (id, subjects = { groups: ['hr-restricted'] }) => store.restrict(id, subjects),
    unrestrict: (id) => store.restrict(id, null),
    fail(match, times, fault) {
      if (times > 0) faults.push({ match, fault, remaining: times });
    },
    requests: () =>
      requests.map((entry) => ({
        ...entry,
        query: { ...entry.query },
        headers: { ...entry.headers },
      })),
    close: () => local.close(),
  };
}

function matches(
  match: FakeConfluenceMatcher,
  request: Pick<FakeConfluenceRequest, 'method' | 'path' | 'query'>,
): boolean {
  if (typeof match === 'string') return match === request.path;
  if (match instanceof RegExp) {
    const query = new URLSearchParams(request.query).toString();
    return match.test(query ? `${request.path}?${query}` : request.path);
  }
  return match(request);
}

function faultAnswer(path: string, fault: { status: number; retryAfterSeconds?: number }) {
  const reply = errorAnswer(path, fault.status, `Injected ${fault.status}`);
  if (fault.retryAfterSeconds !== undefined) {
    reply.headers = { ...reply.headers, 'retry-after': String(fault.retryAfterSeconds) };
  }
  return reply;
}
