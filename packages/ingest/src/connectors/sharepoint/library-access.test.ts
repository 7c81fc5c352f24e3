import { describe, expect, it } from 'vitest';
import type { Permission } from './graph-shapes';
import { narrowerThanLibrary } from './library-access';

const group = (id: string, name: string): Permission => ({
  roles: ['read'],
  grantedToV2: { siteGroup: { id, displayName: name } },
});
const fromLibrary = { driveId: 'b!1', id: 'ROOT', path: '/drives/b!1/root:' };
const library = [group('3', 'HR Owners'), group('5', 'HR Members'), group('4', 'HR Visitors')];
const inherited = (inheritedFrom: Permission['inheritedFrom']) =>
  library.map((permission) => ({ ...permission, inheritedFrom }));

describe('narrowerThanLibrary', () => {
  it('passes an item that inherits everything from the library', () => {
    expect(narrowerThanLibrary(inherited(fromLibrary), library)).toBeNull();
  });

  it('passes inherited permissions given as an empty object, as some tenants send them', () => {
    expect(narrowerThanLibrary(inherited({}), library)).toBeNull();
  });

  it('withholds an item with a permission of its own (inheritance broken)', () => {
    const own = [...inherited(fromLibrary), group('9', 'Payroll')];
    expect(narrowerThanLibrary(own, library)).toMatch(/permissions of its own/);
    expect(narrowerThanLibrary(library, library)).toMatch(/permissions of its own/);
  });

  it('withholds an item missing someone the library grants, however inheritedFrom is filled in', () => {
    const narrowed = inherited({}).filter(
      (permission) => permission.grantedToV2?.siteGroup?.id !== '4',
    );
    expect(narrowerThanLibrary(narrowed, library)).toBe(
      'is not shared with HR Visitors as the library is',
    );
  });

  it('withholds an item without an organisation-wide link the library has', () => {
    const everyone: Permission = { roles: ['read'], link: { scope: 'organization', type: 'view' } };
    expect(narrowerThanLibrary(inherited(fromLibrary), [...library, everyone])).toMatch(
      /organization link/,
    );
  });

  it('withholds an item Graph shows no permissions on', () => {
    expect(narrowerThanLibrary([], library)).toBe('shows no permissions at all');
  });
});
