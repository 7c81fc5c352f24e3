import { mapWithConcurrency } from '@clarify/core';
import { describeFailure, listingFailed, type GraphClient } from './graph-client';
import { permissionsSchema, type Permission } from './graph-shapes';
import { foldersAbove, pathOf, type KnownItem } from './drive-state';

const CONCURRENCY = 4;

/**
 * Why an item's permissions are narrower than its library's, as a clause ("has permissions of
 * its own …"), or null when they are not.
 *
 * The rule. A SharePoint source stands for its whole library, so its documents go to the
 * source's audience; an item someone restricted must not. An item is narrower when
 * - any of its permissions lacks `inheritedFrom`: it has permissions of its own (inheritance
 *   broken, which is also what sharing one file with a link does) — this errs toward leaving
 *   out, since a file shared more widely is left out too;
 * - or someone the library grants access to is missing from it: a safeguard that does not rely
 *   on how `inheritedFrom` is filled in (tenants differ: an empty object is seen on inherited
 *   permissions, and reported on an item's own), comparing grantees by identity;
 * - or Graph shows no permissions on it at all.
 * A folder's answer holds for everything inside it, so a file is checked with its folders.
 */
export function narrowerThanLibrary(
  permissions: readonly Permission[],
  library: readonly Permission[],
): string | null {
  if (permissions.length === 0) return 'shows no permissions at all';
  if (permissions.some((permission) => permission.inheritedFrom == null)) {
    return 'has permissions of its own (its inheritance from the library is broken)';
  }
  const granted = new Set(permissions.flatMap(granteesOf));
  for (const permission of library) {
    for (const grantee of granteesOf(permission)) {
      if (!granted.has(grantee))
        return `is not shared with ${nameOf(permission)} as the library is`;
    }
  }
  return null;
}

/** Who a permission grants access to, as comparable keys (`siteGroup:5`, `link:organization`). */
function granteesOf(permission: Permission): string[] {
  const sets = [
    permission.grantedToV2 ?? permission.grantedTo,
    ...(permission.grantedToIdentitiesV2 ?? permission.grantedToIdentities ?? []),
  ];
  const keys: string[] = [];
  for (const set of sets) {
    if (set == null) continue;
    for (const kind of [
      'user',
      'group',
      'siteUser',
      'siteGroup',
      'application',
      'device',
    ] as const) {
      const identity = set[kind];
      const key =
        identity && (identity.id ?? identity.loginName ?? identity.email ?? identity.displayName);
      if (key) keys.push(`${kind}:${key}`);
    }
  }
  if (keys.length === 0 && permission.link?.scope) keys.push(`link:${permission.link.scope}`);
  return keys;
}

function nameOf(permission: Permission): string {
  const set = permission.grantedToV2 ?? permission.grantedTo;
  const identity =
    set && (set.siteGroup ?? set.group ?? set.user ?? set.siteUser ?? set.application);
  return (
    identity?.displayName ??
    (permission.link?.scope ? `a ${permission.link.scope} link` : 'someone')
  );
}

/**
 * Checks the permissions of the files given and of the folders above them, but only of items
 * new or changed since they were checked (the answers are kept in the state, so an unchanged
 * library costs no permission calls); when a folder's answer changed, what is inside it is
 * checked again too. Returns why each narrower file is left out. A refusal or server error
 * fails the listing; an item gone meanwhile (404) is left out this time and checked next time.
 */
export async function withholdNarrower(options: {
  graph: GraphClient;
  driveId: string;
  items: Map<string, KnownItem>;
  fileIds: readonly string[];
}): Promise<Map<string, string>> {
  const { graph, items } = options;
  // Outermost folder first, so that a reason names where the restriction was made.
  const chains = new Map(
    options.fileIds.map((id) => [id, [...foldersAbove(items, id).reverse(), id]]),
  );
  const relevant = [...new Set([...chains.values()].flat())];
  const unreadable = new Map<string, string>();
  const checked = new Set<string>();
  let library: Permission[] | undefined;
  let pending = relevant.filter((id) => {
    const item = items.get(id);
    return item?.narrower === undefined || item.recheck === true;
  });
  while (pending.length > 0) {
    if (library === undefined) {
      const rootId = [...items].find(([, item]) => item.kind === 'root')?.[0] ?? 'root';
      const answer = await permissionsOf(graph, options.driveId, rootId);
      if (!answer.ok) throw listingFailed("reading the library's permissions", answer);
      library = answer.value.value;
    }
    const against = library;
    const changed = new Set<string>();
    await mapWithConcurrency(pending, CONCURRENCY, async (id) => {
      checked.add(id);
      const answer = await permissionsOf(graph, options.driveId, id);
      if (!answer.ok && answer.status === 404) {
        unreadable.set(id, `could not have its permissions read (${describeFailure(answer)})`);
        return;
      }
      if (!answer.ok) {
        throw listingFailed(`reading the permissions of ${pathOf(items, id) ?? id}`, answer);
      }
      const item = items.get(id);
      if (item === undefined) return;
      const narrower = narrowerThanLibrary(answer.value.value, against);
      if (item.kind === 'folder' && item.narrower !== undefined && item.narrower !== narrower) {
        changed.add(id);
      }
      const { recheck: _done, ...rest } = item;
      items.set(id, { ...rest, narrower });
    });
    // A folder shared differently now: what inside it was checked before may have changed too.
    pending = relevant.filter(
      (id) => !checked.has(id) && foldersAbove(items, id).some((folder) => changed.has(folder)),
    );
  }
  const withheld = new Map<string, string>();
  for (const [fileId, chain] of chains) {
    const path = pathOf(items, fileId) ?? fileId;
    for (const id of chain) {
      const clause = unreadable.get(id) ?? items.get(id)?.narrower;
      if (!clause) continue;
      const where =
        id === fileId
          ? `${path} ${clause}`
          : `${path} is in ${pathOf(items, id) ?? id}, which ${clause}`;
      withheld.set(fileId, `${where}: narrower than this source's audience`);
      break;
    }
  }
  return withheld;
}

function permissionsOf(graph: GraphClient, driveId: string, itemId: string) {
  return graph.getJson(
    graph.url(
      `/drives/${encodeURIComponent(driveId)}/items/${encodeURIComponent(itemId)}/permissions`,
    ),
    permissionsSchema,
  );
}
