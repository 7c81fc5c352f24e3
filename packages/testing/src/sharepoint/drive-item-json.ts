import { createHash } from 'node:crypto';
import type { FakeDrive, FakeDriveItem } from './fake-drive';

const MIME_TYPES: Record<string, string> = {
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.pdf': 'application/pdf',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.png': 'image/png',
};

const PERSON = { user: { email: 'megan@contoso.com', displayName: 'Megan Bowen' } };

/**
 * A driveItem resource as Graph returns it. In a delta it is as SharePoint sends it there:
 * `parentReference` without `path` and no `cTag`; a deleted item keeps only its id, parent and
 * a `deleted` facet (no name).
 */
export function driveItemJson(
  drive: FakeDrive,
  item: FakeDriveItem,
  inDelta: boolean,
): Record<string, unknown> {
  const { facts } = drive;
  const parent = item.parentId === null ? undefined : drive.items.get(item.parentId);
  const parentPath = parent === undefined ? '' : drive.pathOf(parent);
  const parentReference = {
    driveType: 'documentLibrary',
    driveId: facts.id,
    ...(item.parentId !== null && { id: item.parentId }),
    siteId: facts.siteId,
    ...(!inDelta &&
      parent !== undefined && {
        path: `/drives/${facts.id}/root:${parentPath === '' ? '' : `/${parentPath}`}`,
      }),
  };
  if (item.deleted) {
    return {
      '@odata.type': '#microsoft.graph.driveItem',
      id: item.id,
      parentReference,
      deleted: { state: 'deleted' },
      ...(item.kind === 'file' ? { file: {} } : { folder: { childCount: 0 } }),
    };
  }
  return {
    '@odata.type': '#microsoft.graph.driveItem',
    createdDateTime: item.createdAt.toISOString(),
    eTag: `"{${item.guid}},${item.eTagVersion}"`,
    id: item.id,
    lastModifiedDateTime: item.modifiedAt.toISOString(),
    name: item.name,
    webUrl: drive.webUrlOf(item),
    ...(!inDelta && { cTag: `"c:{${item.guid}},${item.cTagVersion}"` }),
    size: drive.sizeOf(item),
    createdBy: PERSON,
    lastModifiedBy: PERSON,
    parentReference,
    fileSystemInfo: {
      createdDateTime: item.createdAt.toISOString(),
      lastModifiedDateTime: item.modifiedAt.toISOString(),
    },
    ...(item.kind === 'root' && { root: {} }),
    ...(item.kind === 'file'
      ? {
          file: {
            mimeType: MIME_TYPES[extensionOf(item.name)] ?? 'application/octet-stream',
            hashes: { quickXorHash: createHash('sha1').update(item.bytes).digest('base64') },
          },
        }
      : { folder: { childCount: drive.childrenOf(item).length } }),
  };
}

/** A drive resource, as `/drives/{id}` and a site's `/drives` return it. */
export function driveJson(drive: FakeDrive, created: Date): Record<string, unknown> {
  return {
    createdDateTime: created.toISOString(),
    description: '',
    id: drive.facts.id,
    lastModifiedDateTime: created.toISOString(),
    name: drive.facts.name,
    webUrl: drive.facts.webUrl,
    driveType: 'documentLibrary',
    createdBy: { user: { displayName: 'System Account' } },
    owner: { group: { displayName: `${drive.facts.siteName} Owners` } },
    quota: { deleted: 0, remaining: 27487790694400, state: 'normal', total: 27487790694400 },
  };
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}
