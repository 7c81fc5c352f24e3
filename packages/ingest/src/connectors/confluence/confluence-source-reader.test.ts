import { afterEach, describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { startFakeConfluence, type FakeConfluence } from '@clarify/testing';
import { prepareDocument } from '../../indexer/prepare-document';
import { readBytes, type SourceItem } from '../../sources/source-reader';
import {
  createConfluenceSourceReader,
  type ConfluenceSourceSettings,
} from './confluence-source-reader';

let confluence: FakeConfluence | undefined;
afterEach(async () => {
  await confluence?.close();
  confluence = undefined;
});

const SEARCH = '/wiki/rest/api/content/search';
const leaveBody =
  '<h1>Eligibility</h1><p>Everyone gets 25 days of paid leave a year.</p>' +
  '<table><tbody><tr><th><p>Years</p></th><th><p>Days</p></th></tr>' +
  '<tr><td><p>0&ndash;5</p></td><td><p>25</p></td></tr></tbody></table>' +
  '<ac:structured-macro ac:name="code"><ac:parameter ac:name="language">bash</ac:parameter>' +
  '<ac:plain-text-body><![CDATA[leave request --days 3 && echo "sent"]]></ac:plain-text-body></ac:structured-macro>';

/** A handbook of five pages, three levels deep: with a page size of 2, three search pages. */
async function handbook() {
  confluence = await startFakeConfluence({ pageSize: 2 });
  confluence.page({ id: '65601', space: 'HR', title: 'Handbook', body: '<p>Welcome.</p>' });
  confluence.page({
    id: '65602',
    space: 'HR',
    title: 'People',
    parentId: '65601',
    body: '<p>People.</p>',
  });
  confluence.page({
    id: '65603',
    space: 'HR',
    title: 'Leave policy',
    parentId: '65602',
    body: leaveBody,
  });
  confluence.page({
    id: '65604',
    space: 'HR',
    title: 'Travel',
    parentId: '65601',
    body: '<p>Trains.</p>',
  });
  confluence.page({
    id: '65605',
    space: 'HR',
    title: 'Expenses',
    parentId: '65601',
    body: '<p>Receipts.</p>',
  });
  return confluence;
}

function reader(
  fake: FakeConfluence,
  settings: Partial<ConfluenceSourceSettings> = {},
  fetch = { timeoutMs: 1_000, maxRetries: 1, maxWaitMs: 1_500 },
) {
  return createConfluenceSourceReader(
    {
      baseUrl: fake.url,
      spaces: ['HR'],
      email: fake.email,
      tokenEnv: 'CONFLUENCE_TOKEN',
      maxPages: 1_000,
      ...settings,
    },
    { secret: (name) => (name === 'CONFLUENCE_TOKEN' ? fake.token : undefined), fetch },
  );
}

const byId = (items: SourceItem[], id: string) => items.find((item) => item.externalId === id);
const searches = (fake: FakeConfluence) =>
  fake.requests().filter((request) => request.path === SEARCH);

describe('the Confluence source reader', () => {
  it('lists every page of a space across search pages, with its version, address and ancestors', async () => {
    const fake = await handbook();
    const items = await reader(fake).list();
    expect(items.map((item) => item.externalId)).toEqual([
      '65601',
      '65602',
      '65603',
      '65604',
      '65605',
    ]);
    const leave = byId(items, '65603');
    expect(leave).toMatchObject({
      uri: `${fake.url}/wiki/spaces/HR/pages/65603/Leave+policy`,
      headingPath: ['Handbook', 'People'],
      parseAs: '.html',
    });
    expect(leave?.version).toMatch(/^v:1;ancestors:[0-9a-f]{12}$/);
    expect(leave?.modifiedAt).toBeInstanceOf(Date);
    // One space check, three search pages (a cursor each), and no page body read.
    expect(searches(fake)).toHaveLength(3);
    expect(searches(fake)[0]?.query).toMatchObject({
      cql: 'space = "HR" and type = page order by created asc',
      expand:
        'version,ancestors,restrictions.read.restrictions.user,restrictions.read.restrictions.group',
    });
    expect(searches(fake)[1]?.query['cursor']).toBeTruthy();
    expect(fake.requests().some((request) => request.path.startsWith('/wiki/api/v2/'))).toBe(false);
    const basic = `Basic ${Buffer.from(`${fake.email}:${fake.token}`).toString('base64')}`;
    expect(fake.requests().every((request) => request.headers['authorization'] === basic)).toBe(
      true,
    );
  });

  it('changes a page’s marker on a new version, or when an ancestor is renamed, and only then', async () => {
    const fake = await handbook();
    const before = await reader(fake).list();
    fake.page({
      id: '65604',
      space: 'HR',
      title: 'Travel',
      parentId: '65601',
      body: '<p>Planes.</p>',
    });
    fake.page({
      id: '65602',
      space: 'HR',
      title: 'Our people',
      parentId: '65601',
      body: '<p>People.</p>',
    });
    const after = await reader(fake).list();
    const changed = after
      .filter((item) => byId(before, item.externalId)?.version !== item.version)
      .map((item) => item.externalId);
    expect(changed).toEqual(['65602', '65603', '65604']);
    expect(byId(after, '65604')?.version).toMatch(/^v:2;/);
    expect(byId(after, '65603')?.version).toMatch(/^v:1;/);
    expect(byId(after, '65603')?.headingPath).toEqual(['Handbook', 'Our people']);
  });

  it('reads a page as Markdown under its title, its ancestors heading every chunk', async () => {
    const fake = await handbook();
    const leave = byId(await reader(fake).list(), '65603');
    const bytes = await readBytes(leave!);
    const prepared = await prepareDocument({
      item: leave!,
      bytes,
      chunkOptions: { targetChars: 2_000, overlapChars: 0 },
    });
    expect(prepared.kind).toBe('ready');
    if (prepared.kind !== 'ready') return;
    expect(prepared.document).toMatchObject({ externalId: '65603', title: 'Leave policy' });
    const [chunk] = prepared.chunks;
    expect(chunk?.headingPath).toEqual(['Handbook', 'People', 'Leave policy', 'Eligibility']);
    expect(chunk?.text).toContain('| Years | Days |\n| --- | --- |\n| 0–5 | 25 |');
    expect(chunk?.text).toContain('```bash\nleave request --days 3 && echo "sent"\n```');
    const read = fake.requests().find((request) => request.path === '/wiki/api/v2/pages/65603');
    expect(read?.query).toEqual({ 'body-format': 'storage', version: '1' });
  });

  it('withholds a view-restricted page and every page under it, saying why', async () => {
    const fake = await handbook();
    fake.restrict('65602', { groups: ['hr-managers'] });
    const source = reader(fake);
    const items = await source.list();
    expect(items.map((item) => item.externalId)).toEqual(['65601', '65604', '65605']);
    expect(source.withheld?.()).toEqual([
      {
        externalId: '65602',
        reason: expect.stringMatching(/"People" has view restrictions/) as string,
      },
      {
        externalId: '65603',
        reason: expect.stringMatching(
          /"Leave policy" inherits view restrictions from "People"/,
        ) as string,
      },
    ]);
    fake.unrestrict('65602');
    expect(await source.list()).toHaveLength(5);
    expect(source.withheld?.()).toEqual([]);
  });

  it('asks an ancestor outside the listing (a folder) for its restriction, once', async () => {
    const fake = await handbook();
    fake.page({ id: '70001', space: 'HR', title: 'Policies', type: 'folder', parentId: '65601' });
    fake.page({
      id: '70002',
      space: 'HR',
      title: 'Security',
      parentId: '70001',
      body: '<p>Lock it.</p>',
    });
    fake.page({
      id: '70003',
      space: 'HR',
      title: 'Privacy',
      parentId: '70001',
      body: '<p>GDPR.</p>',
    });
    const open = await reader(fake).list();
    expect(byId(open, '70002')?.headingPath).toEqual(['Handbook', 'Policies']);
    const lookups = () =>
      fake.requests().filter((request) => request.path.endsWith('/restriction/byOperation/read'));
    expect(lookups().map((request) => request.path)).toEqual([
      '/wiki/rest/api/content/70001/restriction/byOperation/read',
    ]);
    fake.restrict('70001');
    const source = reader(fake);
    expect((await source.list()).map((item) => item.externalId)).not.toContain('70002');
    expect(source.withheld?.().map((item) => item.externalId)).toEqual(['70002', '70003']);
    fake.fail(/70001\/restriction/, 1, { status: 404 });
    expect((await source.list()).map((item) => item.externalId)).not.toContain('70003');
    expect(source.withheld?.()[0]?.reason).toMatch(/could not be checked/);
  });

  it('waits out a 429 after its Retry-After, and lists everything', async () => {
    const fake = await handbook();
    fake.fail(/cursor=/, 1, { status: 429, retryAfterSeconds: 1 });
    const started = performance.now();
    expect(await reader(fake).list()).toHaveLength(5);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
    expect(searches(fake).map((request) => request.status)).toEqual([200, 429, 200, 200]);
  });

  it('fails the listing, with no items, on a refused token, a server error or a timeout', async () => {
    const fake = await handbook();
    const fast = { timeoutMs: 300, maxRetries: 1, maxWaitMs: 300 };
    const failure = (source = reader(fake, {}, fast)) =>
      source.list().catch((error: unknown) => error);

    fake.fail(SEARCH, 1, { status: 401 });
    const refused = await failure();
    expect(isClarifyError(refused, 'source_unreadable')).toBe(true);
    expect((refused as Error).message).toMatch(
      new RegExp(`${fake.url} refused the token \\(401\\)`),
    );
    const wrongToken = createConfluenceSourceReader(
      { baseUrl: fake.url, spaces: ['HR'], email: fake.email, tokenEnv: 'T', maxPages: 10 },
      { secret: () => 'not-the-token', fetch: fast },
    );
    expect((await failure(wrongToken)) as Error).toMatchObject({ code: 'source_unreadable' });

    // A failure on a later search page too: a partial listing is never returned. The hang is
    // given to both attempts (maxRetries 1); a 500 is not retried.
    for (const [times, fault] of [
      [1, { status: 500 }],
      [2, { hang: true }],
    ] as const) {
      fake.fail(/cursor=/, times, fault);
      const error = await failure();
      expect(isClarifyError(error, 'source_unreadable')).toBe(true);
    }
    expect(searches(fake).filter((request) => request.status === undefined)).toHaveLength(2);
  });

  it('names a space key that does not exist', async () => {
    const fake = await handbook();
    const error = await reader(fake, { spaces: ['HR', 'NOPE'] })
      .list()
      .catch((failure: unknown) => failure);
    expect(isClarifyError(error, 'source_unreadable')).toBe(true);
    expect((error as Error).message).toContain('no space "NOPE"');
  });

  it('reports a page that is gone, fails or hangs when read as that page’s problem alone', async () => {
    const fake = await handbook();
    const items = await reader(fake, {}, { timeoutMs: 300, maxRetries: 0, maxWaitMs: 300 }).list();
    fake.remove('65604');
    fake.fail('/wiki/api/v2/pages/65605', 1, { status: 500 });
    fake.fail('/wiki/api/v2/pages/65602', 1, { hang: true });
    for (const id of ['65604', '65605', '65602']) {
      const failure = await byId(items, id)!
        .read()
        .catch((error: unknown) => error);
      expect(isClarifyError(failure, 'document_unreadable')).toBe(true);
      expect((failure as Error).message).toContain(id);
    }
    expect(new TextDecoder().decode(await readBytes(byId(items, '65601')!))).toContain('Welcome.');
  });

  it('sends a Bearer token without an email, and stops listing at maxPages', async () => {
    const fake = await handbook();
    const items = await reader(fake, { email: undefined, maxPages: 3 }).list();
    expect(items.map((item) => item.externalId)).toEqual(['65601', '65602', '65603']);
    expect(searches(fake)).toHaveLength(2);
    expect(fake.requests()[0]?.headers['authorization']).toBe(`Bearer ${fake.token}`);
  });

  it('refuses to start without the token its settings name', () => {
    expect(() =>
      createConfluenceSourceReader(
        {
          baseUrl: 'https://acme.atlassian.net',
          spaces: ['HR'],
          tokenEnv: 'CONFLUENCE_TOKEN',
          maxPages: 10,
        },
        { secret: () => undefined },
      ),
    ).toThrow(/CONFLUENCE_TOKEN/);
  });
});
