import { answerDelta } from './answer-delta';
import { driveItemJson, driveJson } from './drive-item-json';
import type { FakeDrive, FakeDriveItem } from './fake-drive';
import { graphError, type GraphAnswer } from './graph-answer';
import { itemPermissionsJson } from './item-permissions-json';

/** The one site the fake serves, with its libraries. */
export type FakeSite = {
  /** As people know it: https://contoso.sharepoint.com/sites/hr. */
  url: string;
  /** Graph's composite id: '{hostname},{site collection id},{web id}'. */
  id: string;
  name: string;
  created: Date;
  drives: readonly FakeDrive[];
  pageSize: number;
  /** A pre-authenticated URL that downloads the file (SharePoint's `download.aspx`). */
  downloadUrl(drive: FakeDrive, item: FakeDriveItem): string;
};

/**
 * The Graph v1.0 reads a drive connector makes (its token already checked): a site by path
 * or id, its default drive and its drives, a drive, its root delta, an item, its content (a
 * 302 to the download URL) and its permissions. Anything else is Graph's 400 or 404.
 */
export function routeGraphRequest(site: FakeSite, url: URL): GraphAnswer {
  const path = url.pathname.slice('/v1.0'.length);
  const notFound = (message = 'The resource could not be found.') =>
    graphError(404, 'itemNotFound', message);
  const byPath = /^\/sites\/([^/:]+):(\/.*?):?$/.exec(path);
  if (byPath) {
    const wanted = `https://${byPath[1]}${decodeURIComponent(byPath[2] ?? '')}`;
    return wanted.replace(/\/+$/, '').toLowerCase() === site.url.toLowerCase()
      ? { status: 200, body: siteJson(site) }
      : notFound('Requested site could not be found');
  }
  const siteRoute = /^\/sites\/([^/]+)(\/drives?)?$/.exec(path);
  if (siteRoute) {
    if (decodeURIComponent(siteRoute[1] ?? '') !== site.id) {
      return notFound('Requested site could not be found');
    }
    const [first] = site.drives;
    if (siteRoute[2] === '/drive' && first) {
      return { status: 200, body: driveJson(first, site.created) };
    }
    if (siteRoute[2] === '/drives') {
      return {
        status: 200,
        body: { value: site.drives.map((drive) => driveJson(drive, site.created)) },
      };
    }
    return { status: 200, body: siteJson(site) };
  }
  const driveRoute = /^\/drives\/([^/]+)(\/.*)?$/.exec(path);
  if (!driveRoute) return badSegment(path);
  const drive = site.drives.find(
    (candidate) => candidate.facts.id === decodeURIComponent(driveRoute[1] ?? ''),
  );
  if (drive === undefined) return notFound('The drive cannot be found');
  const rest = driveRoute[2] ?? '';
  if (rest === '') return { status: 200, body: driveJson(drive, site.created) };
  if (rest === '/root/delta') {
    const answer = answerDelta(drive, url.searchParams.get('token'), {
      pageSize: site.pageSize,
      baseUrl: `${url.origin}${url.pathname}`,
    });
    return answer.status === 410
      ? { status: 410, headers: { location: answer.location }, body: answer.body }
      : answer;
  }
  const itemRoute = /^\/(?:items\/([^/]+)|(root))(\/content|\/permissions)?$/.exec(rest);
  if (!itemRoute) return badSegment(rest);
  const item = itemRoute[2] ? drive.root : drive.items.get(decodeURIComponent(itemRoute[1] ?? ''));
  if (item === undefined || item.deleted) return notFound();
  if (itemRoute[3] === '/permissions') {
    return { status: 200, body: { value: itemPermissionsJson(drive, item) } };
  }
  if (itemRoute[3] === '/content') {
    if (item.kind !== 'file') return notFound();
    return { status: 302, headers: { location: site.downloadUrl(drive, item) }, body: null };
  }
  return { status: 200, body: driveItemJson(drive, item, false) };
}

function siteJson(site: FakeSite): Record<string, unknown> {
  return {
    createdDateTime: site.created.toISOString(),
    description: '',
    id: site.id,
    lastModifiedDateTime: site.created.toISOString(),
    name: site.name,
    webUrl: site.url,
    displayName: site.name.toUpperCase(),
    root: {},
    siteCollection: { hostname: new URL(site.url).hostname },
  };
}

function badSegment(segment: string): GraphAnswer {
  return graphError(400, 'BadRequest', `Resource not found for the segment '${segment}'.`);
}
