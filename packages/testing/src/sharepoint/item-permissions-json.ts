import type { FakeDrive, FakeDriveItem } from './fake-drive';

const SITE_GROUPS = [
  { id: '3', role: 'owner', suffix: 'Owners' },
  { id: '5', role: 'write', suffix: 'Members' },
  { id: '4', role: 'read', suffix: 'Visitors' },
] as const;

const PAYROLL_LEAD = { id: '48d31887-5fad-4d73-a9f5-3c356e68a038', displayName: 'Payroll Lead' };

/**
 * An item's permissions as `/permissions` lists them. Unrestricted: the site's three groups,
 * `inheritedFrom` the library root. Restricted: only the owners and one person, granted on the
 * item itself (no `inheritedFrom`). Under a restricted folder: those, `inheritedFrom` that
 * folder. The library root's own are the site's groups without `inheritedFrom`.
 */
export function itemPermissionsJson(
  drive: FakeDrive,
  item: FakeDriveItem,
): Record<string, unknown>[] {
  const { facts } = drive;
  const narrowing = item.kind === 'root' ? undefined : drive.restrictedAncestor(item);
  const inheritedFrom =
    item.kind === 'root' || narrowing === item
      ? undefined
      : narrowing === undefined
        ? { driveId: facts.id, id: drive.root.id, path: `/drives/${facts.id}/root:` }
        : {
            driveId: facts.id,
            id: narrowing.id,
            path: `/drives/${facts.id}/root:/${drive.pathOf(narrowing)}`,
          };
  const groups = narrowing === undefined ? SITE_GROUPS : SITE_GROUPS.slice(0, 1);
  const granted: Record<string, unknown>[] = groups.map((group) => {
    const displayName = `${facts.siteName} ${group.suffix}`;
    return {
      id: Buffer.from(`siteGroup:${group.id}`).toString('base64url'),
      roles: [group.role],
      grantedTo: { user: { displayName } },
      grantedToV2: { siteGroup: { id: group.id, displayName, loginName: displayName } },
    };
  });
  if (narrowing !== undefined) {
    granted.push({
      id: Buffer.from(`user:${PAYROLL_LEAD.id}`).toString('base64url'),
      roles: ['read'],
      grantedTo: { user: PAYROLL_LEAD },
      grantedToV2: { user: PAYROLL_LEAD },
    });
  }
  return inheritedFrom === undefined
    ? granted
    : granted.map((permission) => ({ ...permission, inheritedFrom }));
}
