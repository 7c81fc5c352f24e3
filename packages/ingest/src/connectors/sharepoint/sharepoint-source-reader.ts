import { ClarifyError, describeError, isClarifyError } from '@clarify/core';
import type { SourceItem, SourceReader, WithheldItem } from '../../sources/source-reader';
import type { ConnectorContext } from '../connector';
import type { PoliteFetchOptions } from '../web/polite-fetch';
import { createClientCredentialsToken } from './client-credentials-token';
import {
  applyDelta,
  extensionOf,
  isUnder,
  parseDriveState,
  pathOf,
  type DriveState,
  type KnownItem,
} from './drive-state';
import { createGraphClient, describeFailure, type GraphClient } from './graph-client';
import { withholdNarrower } from './library-access';
import { readDelta } from './read-delta';
import { resolveDrive, type DriveLocator } from './resolve-drive';

export type SharePointSourceSettings = {
  /** The Microsoft Entra tenant (directory) id, or its domain. */
  tenantId: string;
  /** The app registration's (client) id. */
  clientId: string;
  /** The variable holding the app's client secret: the secret is never stored in settings. */
  clientSecretEnv: string;
  /** A site (`https://contoso.sharepoint.com/sites/hr`): its default library, or `library`. */
  siteUrl?: string;
  library?: string;
  /** A drive by id instead of a site: a library or someone's OneDrive. */
  driveId?: string;
  /** Only items under this folder of the drive ('Policies/HR'). */
  folder?: string;
  /** `https://graph.microsoft.com`, or a national cloud's. */
  graphUrl?: string;
  /** `https://login.microsoftonline.com`, or a national cloud's. */
  loginUrl?: string;
};

export const DEFAULT_GRAPH_URL = 'https://graph.microsoft.com';
export const DEFAULT_LOGIN_URL = 'https://login.microsoftonline.com';

/**
 * A drive is read from scratch again after this long even when its delta link still works, so
 * that permission changes delta does not report (it reports edits, moves and deletions; not
 * always sharing) are caught within a week.
 */
export const FULL_RESYNC_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A SharePoint document library or a OneDrive, through Microsoft Graph with an app-only token.
 * The listing is always complete: the first run reads the drive's whole delta, later runs the
 * changes since the saved delta link, applied to the saved items (an expired link, 410, or no
 * saved state: from scratch); the state is saved only once the delta has been read to its end
 * and the permissions checked, so a failure midway saves nothing and throws. Files whose
 * permissions are narrower than the library's (theirs or a folder's above them) are withheld;
 * see `narrowerThanLibrary`. A file that cannot be read is that file's failure alone.
 */
export function createSharePointSourceReader(
  settings: SharePointSourceSettings,
  context: ConnectorContext & { fetch?: Partial<PoliteFetchOptions>; now?: () => number },
): SourceReader {
  const clientSecret = context.secret(settings.clientSecretEnv);
  if (!clientSecret) {
    throw new ClarifyError(
      'config_invalid',
      `the variable ${settings.clientSecretEnv} (clientSecretEnv) is not set: it holds the client secret of app ${settings.clientId}`,
    );
  }
  const now = context.now ?? Date.now;
  const graphUrl = settings.graphUrl ?? DEFAULT_GRAPH_URL;
  const fetchOptions: PoliteFetchOptions = {
    timeoutMs: 30_000,
    maxRetries: 4,
    maxWaitMs: 120_000,
    ...context.fetch,
  };
  const graph = createGraphClient({
    graphUrl,
    fetch: fetchOptions,
    tokens: createClientCredentialsToken({
      loginUrl: settings.loginUrl ?? DEFAULT_LOGIN_URL,
      tenantId: settings.tenantId,
      clientId: settings.clientId,
      clientSecret,
      clientSecretEnv: settings.clientSecretEnv,
      scope: `${new URL(graphUrl).origin}/.default`,
      timeoutMs: fetchOptions.timeoutMs,
      now,
    }),
  });
  const folder = (settings.folder ?? '').split('/').filter(Boolean).join('/');
  let withheld: WithheldItem[] = [];

  return {
    async list() {
      withheld = [];
      const drive = await resolveDrive(graph, locatorOf(settings));
      const firstLink = graph.url(`/drives/${encodeURIComponent(drive.id)}/root/delta`);
      const saved = context.state
        ? parseDriveState(await context.state.load(), drive.id, new URL(firstLink).origin)
        : null;
      const resume =
        saved !== null && now() - Date.parse(saved.enumeratedAt) < FULL_RESYNC_AFTER_MS
          ? saved
          : null;
      const { items, deltaLink, enumeratedAt } = await currentItems(graph, {
        resume,
        firstLink,
        now,
      });

      const files = [...items]
        .map(([id, item]) => ({ id, item, path: pathOf(items, id) ?? '' }))
        .filter(
          ({ item, path }) => item.kind === 'file' && isUnder(path, folder) && path !== folder,
        )
        .sort((a, b) => a.path.localeCompare(b.path));
      const narrower = await withholdNarrower({
        graph,
        driveId: drive.id,
        items,
        fileIds: files.map((file) => file.id),
      });
      const state: DriveState = {
        format: 1,
        driveId: drive.id,
        deltaLink,
        enumeratedAt,
        items: Object.fromEntries(items),
      };
      await context.state?.save(state);
      withheld = [...narrower].map(([externalId, reason]) => ({ externalId, reason }));
      return files
        .filter((file) => !narrower.has(file.id))
        .map((file) =>
          sourceItem(graph, drive.id, file.id, items.get(file.id) ?? file.item, file.path),
        );
    },
    withheld: () => withheld,
  };
}

/**
 * The drive's items as they are now: the saved ones with the changes since the saved delta
 * link applied, or, without one or when it expired (410), the whole drive read from scratch.
 */
async function currentItems(
  graph: GraphClient,
  options: { resume: DriveState | null; firstLink: string; now: () => number },
): Promise<{ items: Map<string, KnownItem>; deltaLink: string; enumeratedAt: string }> {
  const { resume } = options;
  if (resume !== null) {
    const delta = await readDelta(graph, resume.deltaLink);
    if (delta.kind === 'changes') {
      const items = new Map(Object.entries(resume.items));
      applyDelta(items, delta.items);
      return { items, deltaLink: delta.deltaLink, enumeratedAt: resume.enumeratedAt };
    }
  }
  const delta = await readDelta(graph, options.firstLink);
  if (delta.kind === 'expired') {
    throw new ClarifyError('source_unreadable', 'Microsoft Graph refused a fresh delta (410)', {
      retryable: true,
    });
  }
  const items = new Map<string, KnownItem>();
  applyDelta(items, delta.items);
  return {
    items,
    deltaLink: delta.deltaLink,
    enumeratedAt: new Date(options.now()).toISOString(),
  };
}

function locatorOf(settings: SharePointSourceSettings): DriveLocator {
  if (settings.driveId !== undefined) return { driveId: settings.driveId };
  if (settings.siteUrl !== undefined) {
    return {
      siteUrl: settings.siteUrl,
      ...(settings.library !== undefined && { library: settings.library }),
    };
  }
  throw new ClarifyError('config_invalid', 'a SharePoint source needs siteUrl or driveId');
}

/**
 * One file as the indexer sees it: its id (stable across renames and moves), its content tag
 * or eTag as version, read through `/content` (a 302 to a download URL, followed).
 */
function sourceItem(
  graph: GraphClient,
  driveId: string,
  id: string,
  item: KnownItem,
  path: string,
): SourceItem {
  return {
    externalId: id,
    uri: item.webUrl ?? path,
    modifiedAt: item.modifiedAt !== undefined ? new Date(item.modifiedAt) : null,
    sizeBytes: item.size ?? null,
    parseAs: extensionOf(item.name),
    title: item.name.replace(/\.[^.]+$/, ''),
    ...(item.version !== undefined && { version: item.version }),
    async read() {
      const url = graph.url(
        `/drives/${encodeURIComponent(driveId)}/items/${encodeURIComponent(id)}/content`,
      );
      let answer: Awaited<ReturnType<GraphClient['getBytes']>>;
      try {
        answer = await graph.getBytes(url);
      } catch (error) {
        if (!isClarifyError(error, 'source_unreadable')) throw error;
        throw new ClarifyError('document_unreadable', `${path} (${id}): ${describeError(error)}`, {
          cause: error,
          retryable: true,
        });
      }
      if (!answer.ok) {
        throw new ClarifyError(
          'document_unreadable',
          `${path} (${id}): Microsoft Graph answered ${describeFailure(answer)}`,
          { retryable: answer.status >= 500 || answer.status === 429 },
        );
      }
      return answer.bytes;
    },
  };
}
