import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startLocalServer } from '../local-server';
import { answerTokenRequest } from './answer-token-request';
import { createFakeDrive, type FakeDrive } from './fake-drive';
import {
  faultAnswer,
  graphError,
  type FakeSharePointFault,
  type GraphAnswer,
} from './graph-answer';
import { routeGraphRequest, type FakeSite } from './route-graph-request';

export type { FakeSharePointFault } from './graph-answer';

export type FakeSharePointOptions = {
  clientId: string;
  clientSecret: string;
  /** 'contoso.onmicrosoft.com' by default; token requests for another tenant get 400. */
  tenantId?: string;
  /** The site's URL as people know it; 'https://contoso.sharepoint.com/sites/hr' by default. */
  siteUrl?: string;
  /** The site's document libraries by name, the first its default drive; ['Documents']. */
  libraries?: string[];
  /** Items per delta page: small (3) by default, so that tests cross pages. */
  pageSize?: number;
};

/**
 * Which requests a fault is for: a string matches a path ending with it ('/root/delta'), a
 * RegExp is tested on the path, a function sees the path and the query string.
 */
export type FakeSharePointMatcher =
  string | RegExp | ((request: { method: string; path: string; search: string }) => boolean);

export type FakeSharePointRequest = {
  method: string;
  /** The path, without the query string. */
  path: string;
  /** The query string, with its '?', or ''. */
  search: string;
  /** The status answered, injected faults included; undefined for a hang. */
  status: number | undefined;
};

export type FakeSharePoint = {
  /** Graph's base URL here (append /v1.0/…): the connector's `graphUrl`. */
  readonly graphUrl: string;
  /** The identity platform's base URL here: the connector's `loginUrl`. */
  readonly loginUrl: string;
  readonly tenantId: string;
  readonly siteUrl: string;
  /** The drive id of a library (the default one when not named). */
  driveId(library?: string): string;
  /** The id of the item at a path such as 'HR/leave.md' ('' is the root); throws if none. */
  itemId(path: string, library?: string): string;
  /** Adds or replaces a file (its folders created as needed); returns its id. */
  file(
    path: string,
    bytes: string | Uint8Array,
    options?: { library?: string; modifiedAt?: Date },
  ): string;
  /** Deletes a file, or a folder and all inside it: later deltas carry `deleted` facets. */
  remove(path: string, library?: string): void;
  /** Moves or renames a file or folder (only the moved item shows up in the next delta). */
  move(from: string, to: string, library?: string): void;
  /** Breaks the inheritance of a file or folder: its own, narrower permissions. */
  restrict(path: string, library?: string): void;
  /** Restores inheritance from the library. */
  inherit(path: string, library?: string): void;
  /** Every delta token issued so far answers 410 `resyncRequired` from now on. */
  expireDeltaTokens(): void;
  /** The next `times` requests matching get the fault, before anything else. */
  fail(matcher: FakeSharePointMatcher, times: number, fault: FakeSharePointFault): void;
  /** Every request, token requests and downloads included, in arrival order. */
  requests(): FakeSharePointRequest[];
  close(): Promise<void>;
};

const JSON_TYPE =
  'application/json;odata.metadata=minimal;odata.streaming=true;IEEE754Compatible=false;charset=utf-8';
const DOWNLOAD_PATH = '/_layouts/15/download.aspx';

/**
 * A local Microsoft Graph for SharePoint document libraries, in the shapes the real API returns:
 * the client-credentials token endpoint (a secret; 401 `invalid_client` otherwise), sites by
 * path, their drives, `/root/delta` in small pages with real delta tokens (a later delta
 * carries only what changed since, deletions as `deleted` facets; expired tokens get 410
 * `resyncRequired`), item content as a 302 to a pre-authenticated download URL, and item
 * permissions (inherited from the library, or narrowed by `restrict`). Faults can be injected
 * per path, and every request is recorded.
 */
export async function startFakeSharePoint(options: FakeSharePointOptions): Promise<FakeSharePoint> {
  const tenantId = options.tenantId ?? 'contoso.onmicrosoft.com';
  const siteUrl = (options.siteUrl ?? 'https://contoso.sharepoint.com/sites/hr').replace(
    /\/+$/,
    '',
  );
  const { hostname, pathname: sitePath } = new URL(siteUrl);
  const siteName = sitePath.split('/').filter(Boolean).at(-1) ?? hostname;
  const tokens = new Set<string>();
  const downloads = new Map<string, { drive: FakeDrive; itemId: string }>();
  const faults: { matcher: FakeSharePointMatcher; left: number; fault: FakeSharePointFault }[] = [];
  const requests: FakeSharePointRequest[] = [];
  const created = new Date('2026-01-05T09:00:00Z');
  let clock = created.getTime();
  const now = () => new Date((clock += 60_000));
  let origin = '';

  const siteId = `${hostname},${randomUUID()},${randomUUID()}`;
  const libraries = options.libraries ?? ['Documents'];
  const drives = libraries.map((name) =>
    createFakeDrive(
      {
        id: `b!${randomBytes(48).toString('base64url')}`,
        name,
        // The default library is "Documents", at "Shared Documents".
        webUrl: `${siteUrl}/${encodeURIComponent(name === 'Documents' ? 'Shared Documents' : name)}`,
        siteId,
        siteName: siteName.toUpperCase(),
      },
      now,
    ),
  );
  const site: FakeSite = {
    url: siteUrl,
    id: siteId,
    name: siteName,
    created,
    drives,
    pageSize: options.pageSize ?? 3,
    downloadUrl(drive, item) {
      const tempauth = randomBytes(24).toString('base64url');
      downloads.set(tempauth, { drive, itemId: item.id });
      return `${origin}${sitePath}${DOWNLOAD_PATH}?UniqueId=${item.guid}&tempauth=${tempauth}`;
    },
  };

  function driveNamed(library: string | undefined): FakeDrive {
    const drive = drives.find((candidate) => (library ?? libraries[0]) === candidate.facts.name);
    if (drive === undefined) throw new Error(`fake SharePoint: no library "${library}"`);
    return drive;
  }

  function takeFault(request: FakeSharePointRequest): FakeSharePointFault | undefined {
    const index = faults.findIndex(({ matcher }) =>
      typeof matcher === 'string'
        ? request.path.endsWith(matcher)
        : matcher instanceof RegExp
          ? matcher.test(request.path)
          : matcher(request),
    );
    const pending = faults[index];
    if (pending === undefined) return undefined;
    pending.left -= 1;
    if (pending.left <= 0) faults.splice(index, 1);
    return pending.fault;
  }

  function answer(request: IncomingMessage, url: URL, form: string): GraphAnswer {
    const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
    if (tokenPath && request.method === 'POST') {
      const issued = answerTokenRequest({
        tenant: decodeURIComponent(tokenPath[1] ?? ''),
        form: new URLSearchParams(form),
        expected: { tenantId, clientId: options.clientId, clientSecret: options.clientSecret },
        scopes: ['https://graph.microsoft.com/.default', `${origin}/.default`],
      });
      if (issued.status === 200) tokens.add(issued.body.access_token);
      return issued;
    }
    if (request.method !== 'GET') {
      return graphError(405, 'notSupported', 'The HTTP method is not supported.');
    }
    if (url.pathname.endsWith(DOWNLOAD_PATH)) return download(url);
    if (!url.pathname.startsWith('/v1.0/'))
      return graphError(400, 'BadRequest', 'Invalid version.');
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /i, '');
    if (!tokens.has(bearer)) {
      return graphError(401, 'InvalidAuthenticationToken', 'Access token validation failure.');
    }
    return routeGraphRequest(site, url);
  }

  /** The pre-authenticated download a content request redirects to: no bearer token needed. */
  function download(url: URL): GraphAnswer {
    const granted = downloads.get(url.searchParams.get('tempauth') ?? '');
    const item = granted && granted.drive.items.get(granted.itemId);
    if (item === undefined || item.deleted) {
      return { status: 404, body: Buffer.from('File Not Found.') };
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/octet-stream' },
      body: item.bytes,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', origin);
    const entry: FakeSharePointRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      status: undefined,
    };
    requests.push(entry);
    const fault = takeFault(entry);
    if (fault !== undefined && 'hang' in fault) return;
    const reply =
      fault !== undefined
        ? faultAnswer(fault, url.pathname.endsWith('/oauth2/v2.0/token'))
        : answer(request, url, Buffer.concat(chunks).toString('utf8'));
    entry.status = reply.status;
    const raw = Buffer.isBuffer(reply.body) || reply.body === null;
    const body = Buffer.isBuffer(reply.body)
      ? reply.body
      : Buffer.from(reply.body === null ? '' : JSON.stringify(reply.body));
    response
      .writeHead(reply.status, {
        ...(!raw && { 'content-type': JSON_TYPE }),
        'request-id': randomUUID(),
        'content-length': String(body.length),
        ...reply.headers,
      })
      .end(body);
  }

  const local = await startLocalServer(handle);
  origin = local.origin;
  return {
    graphUrl: origin,
    loginUrl: origin,
    tenantId,
    siteUrl,
    driveId: (library) => driveNamed(library).facts.id,
    itemId: (path, library) => driveNamed(library).get(path).id,
    file: (path, bytes, fileOptions = {}) =>
      driveNamed(fileOptions.library).putFile(
        path,
        typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes),
        fileOptions.modifiedAt,
      ),
    remove: (path, library) => driveNamed(library).remove(path),
    move: (from, to, library) => driveNamed(library).move(from, to),
    restrict: (path, library) => driveNamed(library).restrict(path, true),
    inherit: (path, library) => driveNamed(library).restrict(path, false),
    expireDeltaTokens: () => drives.forEach((drive) => drive.expireTokens()),
    fail(matcher, times, fault) {
      if (times > 0) faults.push({ matcher, left: times, fault });
    },
    requests: () => requests.map((entry) => ({ ...entry })),
    close: () => local.close(),
  };
}
