import {
  contentJson,
  readRestrictionJson,
  spaceJson,
  v1ErrorJson,
  v2ErrorJson,
  v2PageJson,
} from './confluence-json';
import type { FakeConfluenceStore } from './fake-confluence-store';

export type RouteAnswer = { status: number; headers: Record<string, string>; body: unknown };

type RouteRequest = {
  path: string;
  query: Record<string, string>;
  origin: string;
  /** Search results per page at most, whatever `limit` asks. */
  pageSize: number;
};

/** Results per search page when the request gives no `limit`, as Confluence's default. */
const DEFAULT_LIMIT = 25;

/**
 * The answer of the fake Confluence to an authenticated GET: the endpoints a source connector
 * uses, and 404 (in the API version's error shape) for anything else.
 */
export function routeConfluenceRequest(
  store: FakeConfluenceStore,
  request: RouteRequest,
): RouteAnswer {
  const { path, query, origin } = request;
  let match = /^\/wiki\/rest\/api\/space\/([^/]+)$/.exec(path);
  if (match) {
    const key = decodeURIComponent(match[1] ?? '');
    const space = store.findSpace(key);
    return space
      ? ok(spaceJson(space, origin))
      : errorAnswer(path, 404, `No space with key : ${key}`);
  }
  if (path === '/wiki/rest/api/content/search') return search(store, request);
  match = /^\/wiki\/rest\/api\/content\/([^/]+)\/restriction\/byOperation\/read$/.exec(path);
  if (match) {
    const id = decodeURIComponent(match[1] ?? '');
    const content = store.live(id);
    if (content === undefined) {
      return errorAnswer(path, 404, `No content found with id: ContentId{id=${id}}`);
    }
    const expand = expansions(query);
    return ok(
      readRestrictionJson(content, origin, {
        user: expand.has('restrictions.user'),
        group: expand.has('restrictions.group'),
      }),
    );
  }
  match = /^\/wiki\/api\/v2\/pages\/([^/]+)$/.exec(path);
  if (match) {
    const content = store.live(decodeURIComponent(match[1] ?? ''));
    const wanted = query['version'] === undefined ? undefined : Number(query['version']);
    const version =
      wanted === undefined
        ? content?.versions.at(-1)
        : content?.versions.find((candidate) => candidate.number === wanted);
    const space = content && store.findSpace(content.spaceKey);
    if (content?.type !== 'page' || version === undefined || space === undefined) {
      return errorAnswer(path, 404, 'Not Found');
    }
    const page = v2PageJson(content, version, { origin, spaceId: space.id });
    return ok(query['body-format'] === 'storage' ? page : { ...page, body: {} });
  }
  return errorAnswer(path, 404, 'null for uri: ' + path);
}

/**
 * GET /wiki/rest/api/content/search: the CQL `space = "KEY" and type = page` (an `order by` is
 * accepted; pages are listed in creation order), `limit` capped at the fake's page size, and a
 * `_links.next` cursor link relative to /wiki while more results remain.
 */
function search(store: FakeConfluenceStore, request: RouteRequest): RouteAnswer {
  const { path, query, origin } = request;
  const cql = query['cql'] ?? '';
  const parsed = parseCql(cql);
  if (parsed === null) return errorAnswer(path, 400, `Could not parse cql : ${cql}`);
  const offset = query['cursor'] === undefined ? 0 : offsetOf(query['cursor']);
  if (offset === null) return errorAnswer(path, 400, 'Invalid cursor');
  const requested = Number(query['limit'] ?? DEFAULT_LIMIT);
  const limit = Math.max(1, Math.min(Number.isFinite(requested) ? requested : DEFAULT_LIMIT, 250));
  const pageSize = Math.min(limit, request.pageSize);
  const matching = store
    .pagesOf(parsed.spaceKey)
    .filter((content) => parsed.type === undefined || content.type === parsed.type);
  const slice = matching.slice(offset, offset + pageSize);
  const expand = expansions(query);
  const link = (cursor: number) => {
    const params = new URLSearchParams({
      next: 'true',
      cursor: cursorOf(cursor),
      ...(query['expand'] !== undefined && { expand: query['expand'] }),
      limit: String(limit),
      cql,
    });
    return `/rest/api/content/search?${params.toString()}`;
  };
  const more = offset + slice.length < matching.length;
  return ok({
    results: slice.map((content) =>
      contentJson(content, store.ancestors(content), { origin, expand }),
    ),
    start: offset,
    limit,
    size: slice.length,
    _links: {
      base: `${origin}/wiki`,
      context: '/wiki',
      ...(more && { next: link(offset + slice.length) }),
      ...(offset > 0 && { prev: link(Math.max(0, offset - pageSize)) }),
      self: `${origin}/wiki/rest/api/content/search?cql=${encodeURIComponent(cql)}`,
    },
  });
}

/** The clauses this fake understands, joined by `and`: `space = KEY`, `type = page`. */
function parseCql(cql: string): { spaceKey: string; type?: string } | null {
  const clauses = cql
    .replace(/\s+order\s+by\s+.*$/i, '')
    .split(/\s+and\s+/i)
    .map((clause) => clause.trim());
  let spaceKey: string | undefined;
  let type: string | undefined;
  for (const clause of clauses) {
    const match = /^(space|space\.key|type)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([\w~.-]+))$/i.exec(
      clause,
    );
    if (!match) return null;
    const value = (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1');
    if (match[1]?.toLowerCase() === 'type') type = value;
    else spaceKey = value;
  }
  return spaceKey === undefined ? null : { spaceKey, ...(type !== undefined && { type }) };
}

function expansions(query: Record<string, string>): Set<string> {
  return new Set((query['expand'] ?? '').split(',').map((part) => part.trim()));
}

function cursorOf(offset: number): string {
  return `_f_${Buffer.from(JSON.stringify({ offset })).toString('base64url')}`;
}

function offsetOf(cursor: string): number | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor.slice(3), 'base64url').toString());
    const offset = (decoded as { offset?: unknown } | null)?.offset;
    return cursor.startsWith('_f_') && typeof offset === 'number' ? offset : null;
  } catch {
    return null;
  }
}

function ok(body: unknown): RouteAnswer {
  return { status: 200, headers: {}, body };
}

/** An error in the body shape of the API version the path belongs to. */
export function errorAnswer(path: string, status: number, message: string): RouteAnswer {
  const reason = statusReasons[status] ?? 'Error';
  return {
    status,
    headers: {},
    body: path.startsWith('/wiki/api/v2/')
      ? v2ErrorJson(status, reason.toUpperCase().replace(/ /g, '_'), reason)
      : v1ErrorJson(status, reason, message),
  };
}

const statusReasons: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};
