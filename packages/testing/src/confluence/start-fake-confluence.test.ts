import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeConfluence, type FakeConfluence } from './start-fake-confluence';

let confluence: FakeConfluence;
let authorization: string;

beforeEach(async () => {
  confluence = await startFakeConfluence({ pageSize: 2 });
  authorization = `Basic ${Buffer.from(`${confluence.email}:${confluence.token}`).toString('base64')}`;
});
afterEach(async () => {
  await confluence.close();
});

/** The parts of the answers these tests look into. */
type Answer = {
  results: { id: string; restrictions?: { read: { restrictions: unknown } } }[];
  _links: { next?: string };
  body: { storage: { value: string } };
};

const get = async (path: string, headers: Record<string, string> = { authorization }) => {
  const response = await fetch(`${confluence.url}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Answer };
};

const search = (cql: string, expand = 'version,ancestors') =>
  `/wiki/rest/api/content/search?${new URLSearchParams({ cql, expand, limit: '50' }).toString()}`;

describe('startFakeConfluence', () => {
  it('refuses requests without the account’s Basic auth or Bearer token', async () => {
    confluence.space('HR');
    expect((await get('/wiki/rest/api/space/HR', {})).status).toBe(401);
    const wrong = `Basic ${Buffer.from(`${confluence.email}:nope`).toString('base64')}`;
    expect((await get('/wiki/rest/api/space/HR', { authorization: wrong })).status).toBe(401);
    const bearer = { authorization: `Bearer ${confluence.token}` };
    expect((await get('/wiki/rest/api/space/HR', bearer)).body).toMatchObject({ key: 'HR' });
    expect((await get('/wiki/rest/api/space/NOPE')).status).toBe(404);
  });

  it('lists a space’s pages in pages of its size, with a cursor link relative to /wiki', async () => {
    confluence.page({ id: '1', space: 'HR', title: 'Handbook' });
    confluence.page({ id: '2', space: 'HR', title: 'People', parentId: '1' });
    confluence.page({ id: '3', space: 'HR', title: 'Leave', parentId: '2' });
    confluence.page({ id: '9', space: 'ENG', title: 'Elsewhere' });
    const first = await get(search('space = "HR" and type = page order by created asc'));
    expect(first.body.results.map((page) => page.id)).toEqual(['1', '2']);
    expect(first.body._links).toMatchObject({
      base: `${confluence.url}/wiki`,
      context: '/wiki',
    });
    const next = first.body._links.next ?? '';
    expect(next).toMatch(/^\/rest\/api\/content\/search\?next=true&cursor=/);
    const second = await get(`/wiki${next}`);
    expect(second.body.results).toMatchObject([
      {
        id: '3',
        title: 'Leave',
        version: { number: 1 },
        ancestors: [{ title: 'Handbook' }, { title: 'People' }],
        _links: { webui: '/spaces/HR/pages/3/Leave' },
      },
    ]);
    expect(second.body._links.next).toBeUndefined();
    expect((await get(search('text ~ "leave"'))).status).toBe(400);
  });

  it('expands read restrictions only when asked, and serves a page body by version', async () => {
    confluence.page({ id: '1', space: 'HR', title: 'Salaries', body: '<p>v1</p>' });
    confluence.page({ id: '1', space: 'HR', title: 'Salaries', body: '<p>v2</p>' });
    confluence.restrict('1', { groups: ['payroll'] });
    const plain = await get(search('space = HR'));
    expect(plain.body.results[0]?.restrictions).toBeUndefined();
    const expanded = await get(
      search(
        'space = HR',
        'restrictions.read.restrictions.user,restrictions.read.restrictions.group',
      ),
    );
    expect(expanded.body.results[0]?.restrictions?.read.restrictions).toMatchObject({
      user: { size: 0 },
      group: { results: [{ type: 'group', name: 'payroll' }], size: 1 },
    });
    const body = (version?: number) =>
      get(`/wiki/api/v2/pages/1?body-format=storage${version ? `&version=${version}` : ''}`);
    expect((await body()).body).toMatchObject({
      version: { number: 2 },
      body: { storage: { value: '<p>v2</p>' } },
    });
    expect((await body(1)).body.body.storage.value).toBe('<p>v1</p>');
    confluence.remove('1');
    expect(await body()).toMatchObject({ status: 404, body: { errors: [{ status: 404 }] } });
  });

  it('injects faults for matching requests first, with Retry-After, then answers normally', async () => {
    confluence.space('HR');
    confluence.fail('/wiki/rest/api/space/HR', 1, { status: 429, retryAfterSeconds: 3 });
    const throttled = await fetch(`${confluence.url}/wiki/rest/api/space/HR`, {
      headers: { authorization },
    });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('3');
    await throttled.arrayBuffer();
    confluence.fail(/space\/HR$/, 1, { hang: true });
    await expect(
      fetch(`${confluence.url}/wiki/rest/api/space/HR`, {
        headers: { authorization },
        signal: AbortSignal.timeout(200),
      }),
    ).rejects.toThrow();
    expect((await get('/wiki/rest/api/space/HR')).status).toBe(200);
    expect(confluence.requests().map((request) => request.status)).toEqual([429, undefined, 200]);
  });
});
