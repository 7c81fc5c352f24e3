import { z } from 'zod';
import type { DriveItem } from './graph-shapes';

/** Extensions the parsers read; other files are not listed (nor kept in the state). */
export const SHAREPOINT_EXTENSIONS: readonly string[] = [
  '.docx',
  '.pdf',
  '.md',
  '.markdown',
  '.html',
  '.htm',
  '.txt',
];

const knownItemSchema = z.object({
  kind: z.enum(['root', 'folder', 'file']),
  name: z.string(),
  parentId: z.string().nullable(),
  webUrl: z.string().optional(),
  /** Files: `ctag:…` when Graph gave a content tag, else `etag:…`. */
  version: z.string().optional(),
  modifiedAt: z.string().optional(),
  size: z.number().optional(),
  /**
   * The last permission check's answer: null when the item is no narrower than its library,
   * else why it is. Absent: never checked.
   */
  narrower: z.string().nullable().optional(),
  /** It showed up in a delta since it was checked: to be checked again. */
  recheck: z.literal(true).optional(),
});

export type KnownItem = z.infer<typeof knownItemSchema>;

const driveStateSchema = z.object({
  format: z.literal(1),
  driveId: z.string(),
  deltaLink: z.string().url(),
  /** When the drive was last read from scratch, so that it is again after a while. */
  enumeratedAt: z.string(),
  items: z.record(z.string(), knownItemSchema),
});

/** What a SharePoint source keeps between runs: where its delta goes on, and what it knows. */
export type DriveState = z.infer<typeof driveStateSchema>;

/**
 * The saved state when it is one of this drive's, on this Graph; null (start from scratch)
 * when there is none, it is another drive's, or it is not in this format.
 */
export function parseDriveState(
  saved: unknown,
  driveId: string,
  graphOrigin: string,
): DriveState | null {
  const parsed = driveStateSchema.safeParse(saved);
  if (!parsed.success || parsed.data.driveId !== driveId) return null;
  return new URL(parsed.data.deltaLink).origin === graphOrigin ? parsed.data : null;
}

/**
 * Applies a delta, in order, to what is known of a drive. Items are tracked by id (delta gives
 * parents by id, not path): a `deleted` facet removes one, a folder that moved takes its
 * contents' URLs along (delta does not resend them), a file of an unsupported type is dropped,
 * and whatever changed is to have its permissions checked again. Items whose folder is gone
 * at the end (a deleted folder's contents) are removed too.
 */
export function applyDelta(items: Map<string, KnownItem>, changes: readonly DriveItem[]): void {
  for (const change of changes) {
    const before = items.get(change.id);
    if (change.deleted !== undefined) {
      items.delete(change.id);
      continue;
    }
    const common = {
      name: change.name ?? before?.name ?? change.id,
      parentId: change.parentReference?.id ?? before?.parentId ?? null,
      ...(before?.narrower !== undefined && { narrower: before.narrower, recheck: true as const }),
      ...((change.webUrl ?? before?.webUrl) !== undefined && {
        webUrl: change.webUrl ?? before?.webUrl,
      }),
    };
    if (change.root !== undefined) {
      items.set(change.id, { ...common, kind: 'root', parentId: null });
    } else if (change.folder !== undefined) {
      items.set(change.id, { ...common, kind: 'folder' });
      if (
        before?.webUrl !== undefined &&
        change.webUrl !== undefined &&
        before.webUrl !== change.webUrl
      ) {
        moveUrls(items, before.webUrl, change.webUrl);
      }
    } else if (change.file !== undefined && isSupported(common.name)) {
      const tag =
        change.cTag !== undefined ? `ctag:${change.cTag}` : change.eTag && `etag:${change.eTag}`;
      items.set(change.id, {
        ...common,
        kind: 'file',
        ...(tag && { version: tag }),
        ...(change.lastModifiedDateTime !== undefined && {
          modifiedAt: change.lastModifiedDateTime,
        }),
        ...(change.size !== undefined && { size: change.size }),
      });
    } else {
      items.delete(change.id);
    }
  }
  for (const id of [...items.keys()]) {
    if (pathOf(items, id) === null) items.delete(id);
  }
}

/** The item's path from the library root ('HR/leave.md'; '' for the root); null if orphaned. */
export function pathOf(items: ReadonlyMap<string, KnownItem>, id: string): string | null {
  const names: string[] = [];
  let at = items.get(id);
  for (let depth = 0; at !== undefined && depth < 1000; depth += 1) {
    if (at.kind === 'root') return names.join('/');
    names.unshift(at.name);
    at = at.parentId === null ? undefined : items.get(at.parentId);
  }
  return null;
}

/** The folders above an item, nearest first, up to (not including) the root. */
export function foldersAbove(items: ReadonlyMap<string, KnownItem>, id: string): string[] {
  const folders: string[] = [];
  let parentId = items.get(id)?.parentId ?? null;
  while (parentId !== null && folders.length < 1000) {
    const parent = items.get(parentId);
    if (parent === undefined || parent.kind === 'root') break;
    folders.push(parentId);
    parentId = parent.parentId;
  }
  return folders;
}

/** Whether a path is the folder or inside it (case-insensitive, as SharePoint is). */
export function isUnder(path: string, folder: string): boolean {
  if (folder === '') return true;
  const lower = path.toLowerCase();
  const prefix = folder.toLowerCase();
  return lower === prefix || lower.startsWith(`${prefix}/`);
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

function isSupported(name: string): boolean {
  return SHAREPOINT_EXTENSIONS.includes(extensionOf(name));
}

function moveUrls(items: Map<string, KnownItem>, from: string, to: string): void {
  for (const [id, item] of items) {
    if (item.webUrl?.startsWith(`${from}/`)) {
      items.set(id, { ...item, webUrl: `${to}${item.webUrl.slice(from.length)}` });
    }
  }
}
