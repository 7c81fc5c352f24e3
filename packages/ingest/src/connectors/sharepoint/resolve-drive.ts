import { ClarifyError } from '@clarify/core';
import { listingFailed, type GraphClient } from './graph-client';
import { driveSchema, drivesSchema, siteSchema } from './graph-shapes';

/** Which drive a source reads: a site's library, or a drive by id (a library or a OneDrive). */
export type DriveLocator =
  | { siteUrl: string; library?: string; driveId?: undefined }
  | { driveId: string; siteUrl?: undefined; library?: undefined };

export type ResolvedDrive = { id: string; webUrl: string | undefined };

/**
 * The drive a source names: by id (checked to exist), or the site at a URL (`GET
 * /sites/{hostname}:/{path}`) and its default library or the library named. What does not exist
 * is a clear, non-retryable error naming it, not a generic 404.
 */
export async function resolveDrive(
  graph: GraphClient,
  locator: DriveLocator,
): Promise<ResolvedDrive> {
  if (locator.driveId !== undefined) {
    const drive = await graph.getJson(
      graph.url(`/drives/${encodeURIComponent(locator.driveId)}`),
      driveSchema,
    );
    if (!drive.ok) {
      if (drive.status === 404 || drive.status === 400)
        throw notFound(`the drive ${locator.driveId}`, 'driveId');
      throw listingFailed(`drive ${locator.driveId}`, drive);
    }
    return { id: drive.value.id, webUrl: drive.value.webUrl };
  }
  const siteUrl = new URL(locator.siteUrl);
  const sitePath = siteUrl.pathname.replace(/\/+$/, '');
  const site = await graph.getJson(
    graph.url(
      sitePath === '' ? `/sites/${siteUrl.hostname}` : `/sites/${siteUrl.hostname}:${sitePath}`,
    ),
    siteSchema,
  );
  if (!site.ok) {
    if (site.status === 404 || site.status === 400)
      throw notFound(`the site ${locator.siteUrl}`, 'siteUrl');
    throw listingFailed(`site ${locator.siteUrl}`, site);
  }
  const siteId = encodeURIComponent(site.value.id);
  if (locator.library === undefined) {
    const drive = await graph.getJson(graph.url(`/sites/${siteId}/drive`), driveSchema);
    if (!drive.ok) throw listingFailed(`the default library of ${locator.siteUrl}`, drive);
    return { id: drive.value.id, webUrl: drive.value.webUrl };
  }
  const drives = await graph.getJson(graph.url(`/sites/${siteId}/drives`), drivesSchema);
  if (!drives.ok) throw listingFailed(`the libraries of ${locator.siteUrl}`, drives);
  const wanted = locator.library.toLowerCase();
  const drive = drives.value.value.find((candidate) => candidate.name?.toLowerCase() === wanted);
  if (drive === undefined) {
    const names = drives.value.value.map((candidate) => `"${candidate.name ?? candidate.id}"`);
    throw new ClarifyError(
      'config_invalid',
      `the site ${locator.siteUrl} has no library "${locator.library}" (it has ${names.join(', ') || 'none'}); check library`,
    );
  }
  return { id: drive.id, webUrl: drive.webUrl };
}

function notFound(what: string, setting: string): ClarifyError {
  return new ClarifyError(
    'config_invalid',
    `${what} was not found in Microsoft Graph (404), or the app may not read it; check ${setting}`,
  );
}
