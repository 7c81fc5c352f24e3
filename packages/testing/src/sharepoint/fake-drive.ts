import { randomBytes, randomUUID } from 'node:crypto';

/** One item of a fake document library: the root, a folder or a file, or what is left of one. */
export type FakeDriveItem = {
  id: string;
  /** Null for the root. */
  parentId: string | null;
  name: string;
  kind: 'root' | 'folder' | 'file';
  bytes: Buffer;
  /** The GUID SharePoint builds the item's eTag and cTag from. */
  guid: string;
  /** Bumped by any change (content, name, place): the number in the eTag. */
  eTagVersion: number;
  /** Bumped by content changes only: the number in the cTag. */
  cTagVersion: number;
  createdAt: Date;
  modifiedAt: Date;
  /** The drive's change counter when the item last changed: what delta tokens compare. */
  seq: number;
  /** The counter when a change inside this folder had it sent again (0: never). */
  resentSeq: number;
  deleted: boolean;
  /** Permissions of its own, narrower than the library's (inheritance broken). */
  restricted: boolean;
};

/** What a drive is, besides its items. */
export type FakeDriveFacts = {
  id: string;
  name: string;
  /** The library's URL, e.g. https://contoso.sharepoint.com/sites/hr/Shared%20Documents. */
  webUrl: string;
  siteId: string;
  /** Its site's display name ('HR'), which the site's groups are named after. */
  siteName: string;
};

/**
 * A SharePoint document library as a model: items with ids, eTags and cTags, a change counter
 * behind delta tokens, and restrictions. Paths are '/'-separated from the library root and
 * compared case-insensitively, as SharePoint does. How Graph shows it is in the `*-json`
 * and `answer-delta` modules.
 */
export function createFakeDrive(facts: FakeDriveFacts, now: () => Date) {
  const items = new Map<string, FakeDriveItem>();
  let seq = 0;
  let epoch = 0;
  const root = add({ parentId: null, name: 'root', kind: 'root' });

  function add(fields: Pick<FakeDriveItem, 'parentId' | 'name' | 'kind'>): FakeDriveItem {
    const at = now();
    const item: FakeDriveItem = {
      ...fields,
      id: itemId(),
      bytes: Buffer.alloc(0),
      guid: randomUUID().toUpperCase(),
      eTagVersion: 1,
      cTagVersion: 1,
      createdAt: at,
      modifiedAt: at,
      seq: ++seq,
      resentSeq: 0,
      deleted: false,
      restricted: false,
    };
    items.set(item.id, item);
    return item;
  }

  /** Marks an item changed: a new place in the change log and a new eTag. */
  function touch(item: FakeDriveItem, content: boolean): void {
    item.seq = ++seq;
    item.eTagVersion += 1;
    if (content) item.cTagVersion += 1;
    item.modifiedAt = now();
  }

  function parentOf(item: FakeDriveItem): FakeDriveItem | undefined {
    return item.parentId === null ? undefined : items.get(item.parentId);
  }

  /**
   * The folders above an item show up in the next delta too, unchanged (Graph sends a changed
   * item's parents unless asked not to with `deltaExcludeParent`).
   */
  function resendParents(item: FakeDriveItem): void {
    for (let at = parentOf(item); at; at = parentOf(at)) at.resentSeq = ++seq;
  }

  function childrenOf(parent: FakeDriveItem): FakeDriveItem[] {
    return [...items.values()].filter((item) => !item.deleted && item.parentId === parent.id);
  }

  function childNamed(parent: FakeDriveItem, name: string): FakeDriveItem | undefined {
    return childrenOf(parent).find((item) => item.name.toLowerCase() === name.toLowerCase());
  }

  function find(path: string): FakeDriveItem | undefined {
    let current: FakeDriveItem | undefined = root;
    for (const name of segments(path)) current = current && childNamed(current, name);
    return current;
  }

  function get(path: string): FakeDriveItem {
    const item = find(path);
    if (item === undefined) throw new Error(`fake SharePoint: nothing at "${path}"`);
    return item;
  }

  /** The folder at the path, created (with the ones above it) when missing. */
  function folder(names: string[]): FakeDriveItem {
    let current = root;
    for (const name of names) {
      const existing = childNamed(current, name);
      if (existing?.kind === 'file') {
        throw new Error(`fake SharePoint: "${name}" is a file, not a folder`);
      }
      current = existing ?? add({ parentId: current.id, name, kind: 'folder' });
    }
    return current;
  }

  function pathOf(item: FakeDriveItem): string {
    const names: string[] = [];
    for (let at: FakeDriveItem | undefined = item; at && at.kind !== 'root'; at = parentOf(at)) {
      names.unshift(at.name);
    }
    return names.join('/');
  }

  return {
    facts,
    root,
    items,
    seq: () => seq,
    epoch: () => epoch,
    find,
    get,
    pathOf,
    childrenOf,
    webUrlOf(item: FakeDriveItem): string {
      const path = pathOf(item);
      const encoded = path.split('/').map(encodeURIComponent).join('/');
      return path === '' ? facts.webUrl : `${facts.webUrl}/${encoded}`;
    },
    /** A file's bytes; a folder's, everything inside it. */
    sizeOf(item: FakeDriveItem): number {
      const size = (at: FakeDriveItem): number =>
        at.kind === 'file' ? at.bytes.length : childrenOf(at).reduce((sum, c) => sum + size(c), 0);
      return size(item);
    },
    /** The item itself or the nearest folder above it that is restricted. */
    restrictedAncestor(item: FakeDriveItem): FakeDriveItem | undefined {
      for (let at: FakeDriveItem | undefined = item; at && at.kind !== 'root'; at = parentOf(at)) {
        if (at.restricted) return at;
      }
      return undefined;
    },
    /** Creates or replaces the file at the path (its folders created as needed); its id. */
    putFile(path: string, bytes: Buffer, modifiedAt?: Date): string {
      const names = segments(path);
      const name = names.pop();
      if (name === undefined) throw new Error('fake SharePoint: a file needs a name');
      const parent = folder(names);
      const existing = childNamed(parent, name);
      const file = existing ?? add({ parentId: parent.id, name, kind: 'file' });
      if (existing !== undefined) touch(file, true);
      file.bytes = bytes;
      if (modifiedAt !== undefined) file.modifiedAt = modifiedAt;
      resendParents(file);
      return file.id;
    },
    /** Deletes the file or folder (and what is inside) at the path. */
    remove(path: string): void {
      const removed = get(path);
      const gone = (item: FakeDriveItem) => {
        for (const child of childrenOf(item)) gone(child);
        item.deleted = true;
        item.seq = ++seq;
      };
      gone(removed);
      resendParents(removed);
    },
    /** Moves or renames; the moved item, not what is inside it, shows up in a delta. */
    move(from: string, to: string): void {
      const item = get(from);
      const names = segments(to);
      const name = names.pop();
      if (name === undefined) throw new Error('fake SharePoint: a move needs a target name');
      resendParents(item);
      item.parentId = folder(names).id;
      item.name = name;
      touch(item, false);
      resendParents(item);
    },
    /**
     * Breaks (or restores) the item's inheritance. It shows up in the next delta with the same
     * eTag: a sharing change, not an edit.
     */
    restrict(path: string, restricted: boolean): void {
      const item = get(path);
      item.restricted = restricted;
      item.seq = ++seq;
      resendParents(item);
    },
    /** Every delta token issued so far answers 410 from now on. */
    expireTokens(): void {
      epoch += 1;
    },
  };
}

export type FakeDrive = ReturnType<typeof createFakeDrive>;

function segments(path: string): string[] {
  return path.split('/').filter((part) => part !== '');
}

/** An id shaped like SharePoint's: '01' and 32 base32 characters. */
function itemId(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return `01${[...randomBytes(32)].map((byte) => alphabet[byte % 32]).join('')}`;
}
