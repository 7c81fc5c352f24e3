/** A page (or folder) as a test gives it to the fake Confluence. */
export type FakeConfluencePageInput = {
  /** The content id, numeric as Confluence's are ('65601'). */
  id: string;
  /** The key of its space; the space is created if the fake does not have it yet. */
  space: string;
  title: string;
  /** Its body in storage format (XHTML with `ac:` macros); empty by default. */
  body?: string;
  /** The page (or folder) it sits under; none for a page at the top of its space. */
  parentId?: string;
  /** A folder is only ever an ancestor: never in a `type = page` search, it has no body. */
  type?: 'page' | 'folder';
  /** When this version was saved; by default the fake's clock, a minute later each time. */
  when?: Date;
};

/** Who a view restriction lets read a page: account ids and group names. */
export type FakeConfluenceSubjects = { users?: string[]; groups?: string[] };

export type StoredVersion = { number: number; title: string; body: string; when: Date };

export type StoredContent = {
  id: string;
  spaceKey: string;
  type: 'page' | 'folder';
  parentId: string | undefined;
  /** Oldest first; the last one is current. */
  versions: StoredVersion[];
  /** Its own view restriction, or null when it has none (ancestors' are not copied here). */
  restriction: { users: string[]; groups: string[] } | null;
  /** Moved to the trash: gone from searches, 404 when asked for. */
  trashed: boolean;
};

export type StoredSpace = { id: number; key: string; name: string };

/**
 * What the fake Confluence holds: spaces, and pages and folders with every version they had, in
 * creation order (the order its searches list them in, as `order by created` would).
 */
export function createFakeConfluenceStore() {
  const spaces = new Map<string, StoredSpace>();
  const contents = new Map<string, StoredContent>();
  let clock = Date.parse('2026-01-05T09:00:00.000Z');

  function space(key: string, name = key): StoredSpace {
    let stored = spaces.get(key);
    if (stored === undefined) {
      stored = { id: 98_304 + spaces.size * 2, key, name };
      spaces.set(key, stored);
    }
    return stored;
  }

  /** Adds the content, or saves a new version of it (number + 1); returns that version. */
  function save(input: FakeConfluencePageInput): StoredVersion {
    space(input.space);
    clock += 60_000;
    const existing = contents.get(input.id);
    const version: StoredVersion = {
      number: (existing?.versions.at(-1)?.number ?? 0) + 1,
      title: input.title,
      body: input.body ?? '',
      when: input.when ?? new Date(clock),
    };
    contents.set(input.id, {
      id: input.id,
      spaceKey: input.space,
      type: input.type ?? existing?.type ?? 'page',
      parentId: input.parentId,
      versions: [...(existing?.versions ?? []), version],
      restriction: existing?.restriction ?? null,
      trashed: false,
    });
    return version;
  }

  /** The content with this id, unless it is unknown or in the trash. */
  function live(id: string): StoredContent | undefined {
    const content = contents.get(id);
    return content === undefined || content.trashed ? undefined : content;
  }

  /** The content above this one, outermost first (its space's home page, then down). */
  function ancestors(content: StoredContent): StoredContent[] {
    const chain: StoredContent[] = [];
    const seen = new Set([content.id]);
    for (let parent = live(content.parentId ?? ''); parent; parent = live(parent.parentId ?? '')) {
      if (seen.has(parent.id)) break;
      seen.add(parent.id);
      chain.unshift(parent);
    }
    return chain;
  }

  function pagesOf(spaceKey: string): StoredContent[] {
    return [...contents.values()].filter(
      (content) => !content.trashed && content.type === 'page' && content.spaceKey === spaceKey,
    );
  }

  function mustGet(id: string): StoredContent {
    const content = contents.get(id);
    if (content === undefined) throw new Error(`the fake Confluence has no content ${id}`);
    return content;
  }

  return {
    space,
    save,
    live,
    ancestors,
    pagesOf,
    findSpace: (key: string) => spaces.get(key),
    trash(id: string) {
      mustGet(id).trashed = true;
    },
    restrict(id: string, subjects: FakeConfluenceSubjects | null) {
      mustGet(id).restriction =
        subjects === null ? null : { users: subjects.users ?? [], groups: subjects.groups ?? [] };
    },
  };
}

export type FakeConfluenceStore = ReturnType<typeof createFakeConfluenceStore>;

export function currentVersion(content: StoredContent): StoredVersion {
  const version = content.versions.at(-1);
  if (version === undefined) throw new Error(`content ${content.id} has no version`);
  return version;
}
