import { afterEach, describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { startFakeSite, type FakeSite } from '@clarify/testing';
import { readBytes } from '../../sources/source-reader';
import { createWebSourceReader, type WebSourceSettings } from './web-source-reader';

let site: FakeSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const article = (title: string, text: string, links: string[] = []) =>
  `<html><head><title>${title}</title></head><body>
  <nav><a href="/">Home</a> · <a href="/careers">Careers</a> cookie banner and menu</nav>
  <main><article><h1>${title}</h1><p>${text} ${'This policy applies to every employee of the company. '.repeat(4)}</p>
  ${links.map((link) => `<p><a href="${link}">${link}</a></p>`).join('')}</article></main>
  <footer>© Northwind · privacy · imprint</footer></body></html>`;

function reader(settings: Partial<WebSourceSettings> & { urls: string[] }) {
  return createWebSourceReader(
    { depth: 0, maxPages: 1000, ...settings },
    { secret: () => undefined, fetch: { timeoutMs: 500, maxRetries: 2, maxWaitMs: 1_500 } },
  );
}

async function start() {
  site = await startFakeSite();
  return site;
}

describe('the web source reader', () => {
  it('expands a sitemap with its lastmod as each page’s version, honouring robots.txt', async () => {
    const fake = await start();
    fake.robots('User-agent: *\nDisallow: /private/\n');
    fake.sitemap('/sitemap.xml', [
      { loc: `${fake.url}/policies/leave`, lastmod: '2026-11-01' },
      { loc: `${fake.url}/policies/travel?lang=en&v=2`, lastmod: '2026-10-03' },
      { loc: `${fake.url}/private/salaries` },
    ]);
    const items = await reader({ urls: [`${fake.url}/sitemap.xml`] }).list();
    expect(items.map((item) => [item.externalId, item.version])).toEqual([
      [`${fake.url}/policies/leave`, 'lastmod:2026-11-01'],
      [`${fake.url}/policies/travel?lang=en&v=2`, 'lastmod:2026-10-03'],
    ]);
    expect(fake.requests().some((request) => request.path.startsWith('/private'))).toBe(false);
  });

  it('asks pages for their ETag with HEAD, leaves out the gone ones, and reads the article only', async () => {
    const fake = await start();
    fake.page('/leave', { body: article('Leave', 'Everyone gets 25 days.'), etag: '"v7"' });
    const items = await reader({ urls: [`${fake.url}/leave`, `${fake.url}/gone`] }).list();
    expect(items.map((item) => [item.externalId, item.version])).toEqual([
      [`${fake.url}/leave`, 'etag:"v7"'],
    ]);
    expect(fake.requests().map((request) => request.method)).toEqual(['GET', 'HEAD', 'HEAD']);
    const html = new TextDecoder().decode(await readBytes(items[0]!));
    expect(html).toContain('Everyone gets 25 days.');
    expect(html).not.toMatch(/cookie banner|privacy · imprint/);
  });

  it('follows same-site links to the depth asked, and no further', async () => {
    const fake = await start();
    fake.page('/', article('Handbook', 'Start here.', ['/a', 'https://elsewhere.example/x']));
    fake.page('/a', article('A', 'Page A.', ['/b']));
    fake.page('/b', article('B', 'Page B.', ['/c']));
    fake.page('/c', article('C', 'Page C.'));
    const one = await reader({ urls: [`${fake.url}/`], depth: 1 }).list();
    expect(one.map((item) => new URL(item.externalId).pathname)).toEqual(['/', '/a']);
    const two = await reader({ urls: [`${fake.url}/`], depth: 2 }).list();
    expect(two.map((item) => new URL(item.externalId).pathname)).toEqual(['/', '/a', '/b']);
  });

  it('waits out a 429 after its Retry-After, and reads the page', async () => {
    const fake = await start();
    fake.page('/leave', { body: article('Leave', 'Everyone gets 25 days.'), etag: '"v1"' });
    fake.fail('/leave', 1, { status: 429, retryAfterSeconds: 1 });
    const started = performance.now();
    const items = await reader({ urls: [`${fake.url}/leave`] }).list();
    expect(items).toHaveLength(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('fails the listing on a server error, a refusal or a timeout, so nothing is deleted', async () => {
    const fake = await start();
    fake.page('/leave', article('Leave', 'Everyone gets 25 days.'));
    for (const fault of [{ status: 500 }, { status: 401 }, { hang: true }] as const) {
      fake.fail('/leave', 3, fault);
      const failure = await reader({ urls: [`${fake.url}/leave`] })
        .list()
        .catch((error: unknown) => error);
      expect(isClarifyError(failure, 'source_unreadable')).toBe(true);
    }
  });

  it('reports a page that fails when read as that page’s problem, not the run’s', async () => {
    const fake = await start();
    fake.page('/leave', { body: article('Leave', 'x'), etag: '"v1"' });
    const [item] = await reader({ urls: [`${fake.url}/leave`] }).list();
    fake.remove('/leave');
    const failure = await item!.read().catch((error: unknown) => error);
    expect(isClarifyError(failure, 'document_unreadable')).toBe(true);
  });

  it('refuses to start without the secret its settings name', () => {
    expect(() =>
      createWebSourceReader(
        {
          urls: ['https://wiki.example.com'],
          depth: 0,
          maxPages: 10,
          authorizationEnv: 'WIKI_TOKEN',
        },
        { secret: () => undefined },
      ),
    ).toThrow(/WIKI_TOKEN/);
  });
});
