import {
  currentVersion,
  type StoredContent,
  type StoredSpace,
  type StoredVersion,
} from './fake-confluence-store';

// The shapes Confluence Cloud answers with, field for field as recorded from its REST API
// (v1 `/wiki/rest/api/…` and v2 `/wiki/api/v2/…`); links are relative to `/wiki` in v1.

/** The one account every version is saved by. */
const author = { accountId: '5b10ac8d82e05b22cc7d4ef5', displayName: 'Ada Lovelace' };

export type JsonContext = {
  /** The site's origin, e.g. 'http://127.0.0.1:1234'. */
  origin: string;
  expand: ReadonlySet<string>;
};

/** GET /wiki/rest/api/space/{spaceKey} */
export function spaceJson(space: StoredSpace, origin: string) {
  return {
    id: space.id,
    key: space.key,
    name: space.name,
    type: 'global',
    status: 'current',
    _expandable: {
      settings: `/rest/api/space/${space.key}/settings`,
      metadata: '',
      operations: '',
      lookAndFeel: `/rest/api/settings/lookandfeel?spaceKey=${space.key}`,
      identifiers: '',
      permissions: '',
      icon: '',
      description: '',
      theme: `/rest/api/space/${space.key}/theme`,
      history: '',
      homepage: '/rest/api/content/65601',
    },
    _links: {
      webui: `/spaces/${space.key}`,
      context: '/wiki',
      self: `${origin}/wiki/rest/api/space/${space.key}`,
      collection: '/rest/api/space',
      base: `${origin}/wiki`,
    },
  };
}

/** One result of GET /wiki/rest/api/content/search, with the expansions asked for. */
export function contentJson(
  content: StoredContent,
  ancestors: readonly StoredContent[],
  context: JsonContext,
) {
  const version = currentVersion(content);
  const { origin, expand } = context;
  return {
    id: content.id,
    type: content.type,
    status: 'current',
    title: version.title,
    macroRenderedOutput: {},
    ...(expand.has('version') && { version: v1VersionJson(content, version, origin) }),
    ...(expand.has('ancestors') && {
      ancestors: ancestors.map((ancestor) => ancestorJson(ancestor, origin)),
    }),
    ...(expand.has('restrictions.read.restrictions.user') ||
    expand.has('restrictions.read.restrictions.group')
      ? {
          restrictions: {
            read: readRestrictionJson(content, origin, {
              user: expand.has('restrictions.read.restrictions.user'),
              group: expand.has('restrictions.read.restrictions.group'),
            }),
            _expandable: { update: '' },
            _links: {
              self: `${origin}/wiki/rest/api/content/${content.id}/restriction/byOperation`,
            },
          },
        }
      : {}),
    extensions: { position: 1_024 },
    _expandable: {
      childTypes: '',
      container: `/rest/api/space/${content.spaceKey}`,
      metadata: '',
      operations: '',
      schedulePublishDate: '',
      children: `/rest/api/content/${content.id}/child`,
      ...(expand.has('restrictions.read.restrictions.user')
        ? {}
        : { restrictions: `/rest/api/content/${content.id}/restriction/byOperation` }),
      history: `/rest/api/content/${content.id}/history`,
      ...(expand.has('ancestors') ? {} : { ancestors: '' }),
      body: '',
      ...(expand.has('version') ? {} : { version: '' }),
      descendants: `/rest/api/content/${content.id}/descendant`,
      space: `/rest/api/space/${content.spaceKey}`,
    },
    _links: contentLinks(content, version, origin),
  };
}

/** GET /wiki/rest/api/content/{id}/restriction/byOperation/read (also nested in content). */
export function readRestrictionJson(
  content: StoredContent,
  origin: string,
  expanded: { user: boolean; group: boolean },
) {
  const users = content.restriction?.users ?? [];
  const groups = content.restriction?.groups ?? [];
  const restrictions = {
    ...(expanded.user && {
      user: {
        results: users.map((accountId) => userJson(accountId, accountId, origin)),
        start: 0,
        limit: 200,
        size: users.length,
      },
    }),
    ...(expanded.group && {
      group: {
        results: groups.map((name) => ({
          type: 'group',
          name,
          id: `0f6a37d1-${hex(name, 4)}-4c5e-9c1d-${hex(name, 12)}`,
          _links: {
            self: `${origin}/wiki/rest/api/group/by-id?id=${encodeURIComponent(name)}`,
          },
        })),
        start: 0,
        limit: 200,
        size: groups.length,
      },
    }),
    ...(!(expanded.user && expanded.group) && {
      _expandable: {
        ...(!expanded.user && {
          user: `/rest/api/content/${content.id}/restriction/byOperation/read/user`,
        }),
        ...(!expanded.group && {
          group: `/rest/api/content/${content.id}/restriction/byOperation/read/group`,
        }),
      },
    }),
  };
  return {
    operation: 'read',
    restrictions,
    _expandable: { content: `/rest/api/content/${content.id}` },
    _links: {
      self: `${origin}/wiki/rest/api/content/${content.id}/restriction/byOperation/read`,
    },
  };
}

/** GET /wiki/api/v2/pages/{id}?body-format=storage */
export function v2PageJson(
  content: StoredContent,
  version: StoredVersion,
  context: { origin: string; spaceId: number },
) {
  const { origin } = context;
  const first = content.versions[0] ?? version;
  return {
    parentType: content.parentId === undefined ? null : 'page',
    parentId: content.parentId ?? null,
    spaceId: String(context.spaceId),
    ownerId: author.accountId,
    lastOwnerId: null,
    createdAt: first.when.toISOString(),
    authorId: author.accountId,
    position: 1_024,
    version: {
      number: version.number,
      message: '',
      minorEdit: false,
      authorId: author.accountId,
      createdAt: version.when.toISOString(),
      ncsStepVersion: null,
    },
    body: { storage: { representation: 'storage', value: version.body } },
    status: 'current',
    title: version.title,
    id: content.id,
    _links: {
      editui: `/pages/resumedraft.action?draftId=${content.id}`,
      webui: webui(content, version),
      edituiv2: `/spaces/${content.spaceKey}/pages/edit-v2/${content.id}`,
      tinyui: `/x/${hex(content.id, 4)}`,
      base: `${origin}/wiki`,
    },
  };
}

/** v1's error body (`statusCode`, `message`), as /wiki/rest/api answers a failure. */
export function v1ErrorJson(status: number, reason: string, message: string) {
  return {
    statusCode: status,
    data: {
      authorized: status !== 401 && status !== 403,
      valid: true,
      allowedInReadOnlyMode: true,
      errors: [],
      successful: false,
    },
    message,
    reason,
  };
}

/** v2's error body (`errors[]`), as /wiki/api/v2 answers a failure. */
export function v2ErrorJson(status: number, code: string, title: string) {
  return { errors: [{ status, code, title, detail: null }] };
}

function v1VersionJson(content: StoredContent, version: StoredVersion, origin: string) {
  return {
    by: userJson(author.accountId, author.displayName, origin),
    when: version.when.toISOString(),
    friendlyWhen: version.when.toDateString().slice(4),
    message: '',
    number: version.number,
    minorEdit: false,
    contentTypeModified: false,
    _expandable: { collaborators: '', content: `/rest/api/content/${content.id}` },
    _links: { self: `${origin}/wiki/rest/api/content/${content.id}/version/${version.number}` },
  };
}

function ancestorJson(ancestor: StoredContent, origin: string) {
  const version = currentVersion(ancestor);
  return {
    id: ancestor.id,
    type: ancestor.type,
    status: 'current',
    title: version.title,
    macroRenderedOutput: {},
    extensions: { position: 1_024 },
    _expandable: {
      container: `/rest/api/space/${ancestor.spaceKey}`,
      metadata: '',
      restrictions: `/rest/api/content/${ancestor.id}/restriction/byOperation`,
      history: `/rest/api/content/${ancestor.id}/history`,
      body: '',
      version: '',
      descendants: `/rest/api/content/${ancestor.id}/descendant`,
      space: `/rest/api/space/${ancestor.spaceKey}`,
    },
    _links: contentLinks(ancestor, version, origin),
  };
}

function userJson(accountId: string, displayName: string, origin: string) {
  return {
    type: 'known',
    accountId,
    accountType: 'atlassian',
    email: '',
    publicName: displayName,
    profilePicture: {
      path: `/wiki/aa-avatar/${accountId}`,
      width: 48,
      height: 48,
      isDefault: false,
    },
    displayName,
    isExternalCollaborator: false,
    _expandable: { operations: '', personalSpace: '' },
    _links: { self: `${origin}/wiki/rest/api/user?accountId=${accountId}` },
  };
}

function contentLinks(content: StoredContent, version: StoredVersion, origin: string) {
  return {
    self: `${origin}/wiki/rest/api/content/${content.id}`,
    tinyui: `/x/${hex(content.id, 4)}`,
    editui: `/pages/resumedraft.action?draftId=${content.id}`,
    webui: webui(content, version),
  };
}

/** The page's address in the web UI, relative to /wiki: /spaces/HR/pages/65601/Leave+policy */
function webui(content: StoredContent, version: StoredVersion): string {
  const slug = encodeURIComponent(version.title).replace(/%20/g, '+');
  return content.type === 'folder'
    ? `/spaces/${content.spaceKey}/folder/${content.id}`
    : `/spaces/${content.spaceKey}/pages/${content.id}/${slug}`;
}

/** Stable hex digits from a string, for ids that look like Confluence's. */
function hex(text: string, length: number): string {
  let hash = 2_166_136_261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0;
  return hash.toString(16).padStart(8, '0').repeat(2).slice(0, length);
}
