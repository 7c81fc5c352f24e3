import { describe, expect, it } from 'vitest';
import {
  applyDelta,
  parseDriveState,
  pathOf,
  type DriveState,
  type KnownItem,
} from './drive-state';
import type { DriveItem } from './graph-shapes';

const LIBRARY = 'https://contoso.sharepoint.com/sites/hr/Shared%20Documents';
const root: DriveItem = { id: 'R', name: 'root', root: {}, folder: {}, webUrl: LIBRARY };
const folder = (id: string, name: string, parentId: string, webUrl: string): DriveItem => ({
  id,
  name,
  folder: { childCount: 1 },
  parentReference: { id: parentId },
  webUrl,
});
const file = (id: string, name: string, parentId: string, eTag: string): DriveItem => ({
  id,
  name,
  file: { mimeType: 'text/markdown' },
  parentReference: { id: parentId },
  webUrl: `${LIBRARY}/${name}`,
  eTag,
  size: 10,
  lastModifiedDateTime: '2026-01-05T09:00:00Z',
});

function known(changes: DriveItem[]) {
  const items = new Map<string, KnownItem>();
  applyDelta(items, changes);
  return items;
}

describe('applyDelta', () => {
  it('places items by their parents’ ids whatever the order, the last occurrence winning', () => {
    const items = known([
      file('F', 'leave.md', 'P', '"{A},1"'),
      root,
      folder('P', 'Policies', 'R', `${LIBRARY}/Policies`),
      file('F', 'leave.md', 'P', '"{A},2"'),
    ]);
    expect(pathOf(items, 'F')).toBe('Policies/leave.md');
    expect(items.get('F')).toMatchObject({ kind: 'file', version: 'etag:"{A},2"', size: 10 });
  });

  it('prefers the content tag when Graph gives one', () => {
    const items = known([root, { ...file('F', 'a.md', 'R', '"{A},3"'), cTag: '"c:{A},1"' }]);
    expect(items.get('F')?.version).toBe('ctag:"c:{A},1"');
  });

  it('removes deleted items, and what was inside a deleted folder', () => {
    const items = known([
      root,
      folder('P', 'Policies', 'R', `${LIBRARY}/Policies`),
      folder('Q', 'Old', 'P', `${LIBRARY}/Policies/Old`),
      file('F', 'a.md', 'Q', '"{A},1"'),
      file('G', 'b.md', 'R', '"{B},1"'),
    ]);
    applyDelta(items, [{ id: 'P', deleted: { state: 'deleted' }, folder: {} }]);
    expect([...items.keys()].sort()).toEqual(['G', 'R']);
  });

  it('takes a moved folder’s contents along, URLs included, though delta does not resend them', () => {
    const items = known([
      root,
      folder('P', 'Policies', 'R', `${LIBRARY}/Policies`),
      { ...file('F', 'a.md', 'P', '"{A},1"'), webUrl: `${LIBRARY}/Policies/a.md` },
    ]);
    applyDelta(items, [
      folder('A', 'Archive', 'R', `${LIBRARY}/Archive`),
      folder('P', 'Policies 2025', 'A', `${LIBRARY}/Archive/Policies%202025`),
    ]);
    expect(pathOf(items, 'F')).toBe('Archive/Policies 2025/a.md');
    expect(items.get('F')?.webUrl).toBe(`${LIBRARY}/Archive/Policies%202025/a.md`);
  });

  it('keeps only files the parsers read, dropping one renamed to another type', () => {
    const items = known([
      root,
      file('F', 'a.md', 'R', '"{A},1"'),
      file('X', 'b.xlsx', 'R', '"{X},1"'),
    ]);
    expect(items.has('X')).toBe(false);
    applyDelta(items, [file('F', 'a.pptx', 'R', '"{A},2"')]);
    expect(items.has('F')).toBe(false);
  });

  it('keeps a changed item’s last permission answer, marked to be checked again', () => {
    const items = known([root, file('F', 'a.md', 'R', '"{A},1"')]);
    items.set('F', { ...items.get('F')!, narrower: null });
    applyDelta(items, [file('F', 'a.md', 'R', '"{A},2"')]);
    expect(items.get('F')).toMatchObject({ narrower: null, recheck: true });
  });
});

describe('parseDriveState', () => {
  const state: DriveState = {
    format: 1,
    driveId: 'b!1',
    deltaLink: 'https://graph.microsoft.com/v1.0/drives/b!1/root/delta?token=x',
    enumeratedAt: '2026-01-05T09:00:00.000Z',
    items: { R: { kind: 'root', name: 'root', parentId: null } },
  };

  it('takes back what it saved, through JSON', () => {
    expect(
      parseDriveState(JSON.parse(JSON.stringify(state)), 'b!1', 'https://graph.microsoft.com'),
    ).toEqual(state);
  });

  it('starts from scratch on nothing, another drive, another Graph, or another shape', () => {
    expect(parseDriveState(null, 'b!1', 'https://graph.microsoft.com')).toBeNull();
    expect(parseDriveState(state, 'b!2', 'https://graph.microsoft.com')).toBeNull();
    expect(parseDriveState(state, 'b!1', 'https://graph.microsoft.us')).toBeNull();
    expect(
      parseDriveState({ ...state, format: 2 }, 'b!1', 'https://graph.microsoft.com'),
    ).toBeNull();
  });
});
