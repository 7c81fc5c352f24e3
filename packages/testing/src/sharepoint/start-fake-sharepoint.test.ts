import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSharePoint, type FakeSharePoint } from './start-fake-sharepoint';

let fake: FakeSharePoint;
let token: string;

beforeEach(async () => {
  fake = await startFakeSharePoint({ clientId: 'app', clientSecret: 's3cret' });
  token = (
    (await requestToken('s3cret').then((response) => response.json())) as {
      access_token: string;
    }
  ).access_token;
});
afterEach(async () => {
  await fake.close();
});

function requestToken(secret: string, tenant = fake.tenantId) {
  return fetch(`${fake.loginUrl}/${tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: 'app',
      client_secret: secret,
      scope: 'https://graph.microsoft.com/.default',
      grant_type: 'client_credentials',
    }).toString(),
  });
}

async function get(url: string, init: RequestInit = {}) {
  const response = await fetch(url.startsWith('http') ? url : `${fake.graphUrl}/v1.0${url}`, {
    headers: { authorization: `Bearer ${token}` },
    ...init,
  });
  return { response, body: (await response.json().catch(() => null)) as Record<string, unknown> };
}

type Page = {
  value: Record<string, unknown>[];
  '@odata.nextLink'?: string;
  '@odata.deltaLink'?: string;
};

async function wholeDelta(
  start: string,
): Promise<{ items: Record<string, unknown>[]; link: string }> {
  const items: Record<string, unknown>[] = [];
  for (let link = start; ;) {
    const page = (await get(link)).body as unknown as Page;
    items.push(...page.value);
    if (page['@odata.nextLink']) link = page['@odata.nextLink'];
    else return { items, link: page['@odata.deltaLink'] ?? '' };
  }
}

describe('startFakeSharePoint', () => {
  it('issues tokens for the secret only, with the identity platform’s errors otherwise', async () => {
    expect(token).toMatch(/^eyJ/);
    const refused = await requestToken('wrong');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringMatching(/^AADSTS7000215: Invalid client secret/) as string,
      error_codes: [7000215],
    });
    const elsewhere = await requestToken('s3cret', 'fabrikam.onmicrosoft.com');
    expect(elsewhere.status).toBe(400);
    expect((await get('/drives/x', { headers: {} })).response.status).toBe(401);
  });

  it('finds the site by path, and its libraries', async () => {
    const site = await get('/sites/contoso.sharepoint.com:/sites/hr');
    expect(site.body).toMatchObject({
      webUrl: fake.siteUrl,
      id: expect.stringMatching(/^contoso\.sharepoint\.com,/) as string,
    });
    const drives = await get(`/sites/${encodeURIComponent(String(site.body.id))}/drives`);
    expect(drives.body).toMatchObject({
      value: [{ id: fake.driveId(), name: 'Documents', driveType: 'documentLibrary' }],
    });
    expect((await get('/sites/contoso.sharepoint.com:/sites/other')).response.status).toBe(404);
  });

  it('pages the delta, then gives only what changed since, deletions as deleted facets', async () => {
    fake.file('A/one.md', '1');
    fake.file('A/two.md', '2');
    fake.file('three.md', '3');
    const first = await wholeDelta(`/drives/${fake.driveId()}/root/delta`);
    expect(first.items.map((item) => item.name)).toEqual([
      'root',
      'A',
      'one.md',
      'two.md',
      'three.md',
    ]);
    expect(first.items[2]).toMatchObject({
      id: fake.itemId('A/one.md'),
      parentReference: { id: fake.itemId('A'), driveId: fake.driveId() },
      file: { mimeType: 'text/markdown' },
      eTag: expect.stringMatching(/^"\{[0-9A-F-]+\},1"$/) as string,
    });
    expect(first.items[2]).not.toHaveProperty('parentReference.path');

    fake.file('A/one.md', 'one, changed');
    fake.remove('three.md');
    const later = await wholeDelta(first.link);
    // The changed file, the folders Graph sends again with it, and the deletion (no name).
    expect(later.items.map((item) => item.name ?? item.deleted)).toEqual([
      'one.md',
      'A',
      { state: 'deleted' },
      'root',
    ]);
    expect(later.items[0]).toMatchObject({ size: 12 });
    expect(later.items[2]).toEqual({
      '@odata.type': '#microsoft.graph.driveItem',
      id: expect.any(String) as unknown,
      parentReference: expect.objectContaining({ id: fake.itemId('') }) as unknown,
      deleted: { state: 'deleted' },
      file: {},
    });

    fake.expireDeltaTokens();
    const expired = await get(later.link);
    expect(expired.response.status).toBe(410);
    expect(expired.body).toMatchObject({ error: { code: 'resyncRequired' } });
    expect(expired.response.headers.get('location')).toContain('/root/delta');
  });

  it('serves content as a redirect to a download URL', async () => {
    const id = fake.file('a.md', '# A');
    const response = await fetch(
      `${fake.graphUrl}/v1.0/drives/${fake.driveId()}/items/${id}/content`,
      {
        headers: { authorization: `Bearer ${token}` },
        redirect: 'manual',
      },
    );
    expect(response.status).toBe(302);
    const location = response.headers.get('location') ?? '';
    expect(location).toMatch(/\/sites\/hr\/_layouts\/15\/download\.aspx\?UniqueId=.+&tempauth=/);
    expect(await (await fetch(location)).text()).toBe('# A');
  });

  it('shows permissions inherited from the library, or narrowed by restrict', async () => {
    fake.file('Payroll/pay.md', 'x');
    fake.file('open.md', 'x');
    fake.restrict('Payroll');
    const permissions = async (path: string) =>
      (
        (await get(`/drives/${fake.driveId()}/items/${fake.itemId(path)}/permissions`))
          .body as unknown as {
          value: {
            inheritedFrom?: { id?: string };
            grantedToV2: Record<string, { displayName: string }>;
          }[];
        }
      ).value;
    const open = await permissions('open.md');
    expect(open).toHaveLength(3);
    expect(open.every((permission) => permission.inheritedFrom?.id === fake.itemId(''))).toBe(true);
    const folder = await permissions('Payroll');
    expect(folder.some((permission) => permission.inheritedFrom === undefined)).toBe(true);
    const inside = await permissions('Payroll/pay.md');
    expect(
      inside.every((permission) => permission.inheritedFrom?.id === fake.itemId('Payroll')),
    ).toBe(true);
    expect(
      inside.map((permission) => Object.values(permission.grantedToV2)[0]?.displayName),
    ).toEqual(['HR Owners', 'Payroll Lead']);
  });

  it('injects faults by path, with Retry-After, and hangs until closed', async () => {
    fake.fail('/drive', 1, { status: 429, retryAfterSeconds: 2 });
    fake.fail(/\/drives\//, 1, { hang: true });
    const throttled = await get('/sites/x/drive');
    expect(throttled.response.status).toBe(429);
    expect(throttled.response.headers.get('retry-after')).toBe('2');
    expect(throttled.body).toMatchObject({ error: { code: 'TooManyRequests' } });
    await expect(
      fetch(`${fake.graphUrl}/v1.0/drives/x`, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect(
      fake
        .requests()
        .slice(-2)
        .map((request) => request.status),
    ).toEqual([429, undefined]);
  });
});
