import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeSite } from './start-fake-site';
import type { FakeSite } from './start-fake-site';

let site: FakeSite;

beforeEach(async () => {
  site = await startFakeSite();
});

afterEach(async () => {
  await site.close();
});

describe('startFakeSite', () => {
  it('listens on a 127.0.0.1 origin without a trailing slash', () => {
    expect(site.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves a page with its ETag and answers a matching conditional GET with 304', async () => {
    site.page('/docs/a', { body: '<h1>A</h1>', etag: '"v1"' });
    const first = await fetch(`${site.url}/docs/a`);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"v1"');
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('content-length')).toBe('10');
    expect(await first.text()).toBe('<h1>A</h1>');

    const again = await fetch(`${site.url}/docs/a`, { headers: { 'if-none-match': '"v1"' } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe('"v1"');
    expect(await again.text()).toBe('');

    site.page('/docs/a', { body: '<h1>A2</h1>', etag: '"v2"' });
    const changed = await fetch(`${site.url}/docs/a`, { headers: { 'if-none-match': '"v1"' } });
    expect(changed.status).toBe(200);
    expect(await changed.text()).toBe('<h1>A2</h1>');
  });

  it('answers If-Modified-Since not older than Last-Modified with 304', async () => {
    const lastModified = new Date('2024-05-01T10:00:00Z');
    site.page('/b', { body: 'b', contentType: 'text/plain', lastModified });
    const first = await fetch(`${site.url}/b`);
    expect(first.headers.get('last-modified')).toBe(lastModified.toUTCString());
    expect(first.headers.get('content-type')).toBe('text/plain');

    const same = await fetch(`${site.url}/b`, {
      headers: { 'if-modified-since': lastModified.toUTCString() },
    });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');

    const older = new Date('2024-04-30T10:00:00Z').toUTCString();
    const stale = await fetch(`${site.url}/b`, { headers: { 'if-modified-since': older } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe('b');
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    site.page('/c', { body: new Uint8Array([1, 2, 3, 4]), contentType: 'application/pdf' });
    const response = await fetch(`${site.url}/c`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe('4');
    expect(await response.text()).toBe('');
  });

  it('answers other methods with 405', async () => {
    site.page('/c', 'c');
    const response = await fetch(`${site.url}/c`, { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });

  it('matches paths without the query string and answers 404 once a page is removed', async () => {
    site.page('/gone', '<p>here</p>');
    expect((await fetch(`${site.url}/gone?x=1`)).status).toBe(200);
    site.remove('/gone');
    const response = await fetch(`${site.url}/gone`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('Not Found');
  });

  it('serves robots.txt only once it is set', async () => {
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(404);
    site.robots('User-agent: *\nDisallow: /private\n');
    const response = await fetch(`${site.url}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/plain');
    expect(await response.text()).toBe('User-agent: *\nDisallow: /private\n');
    site.robots(null);
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(404);
  });

  it('serves a sitemap with escaped locs and lastmod', async () => {
    site.sitemap('/sitemap.xml', [
      { loc: `${site.url}/docs/a?x=1&y=<2>`, lastmod: '2024-05-01' },
      { loc: `${site.url}/docs/b` },
    ]);
    const response = await fetch(`${site.url}/sitemap.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      `<url>\n    <loc>${site.url}/docs/a?x=1&amp;y=&lt;2&gt;</loc>\n` +
        '    <lastmod>2024-05-01</lastmod>\n  </url>',
    );
    expect(xml).toContain(`<url>\n    <loc>${site.url}/docs/b</loc>\n  </url>`);
    expect(xml.match(/<lastmod>/g)).toHaveLength(1);
  });

  it('serves a sitemap index listing sitemap URLs', async () => {
    site.sitemapIndex('/sitemap_index.xml', [`${site.url}/s1.xml`, `${site.url}/s2.xml?a=1&b=2`]);
    const response = await fetch(`${site.url}/sitemap_index.xml`);
    expect(response.headers.get('content-type')).toContain('application/xml');
    const xml = await response.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<sitemap>\n    <loc>${site.url}/s1.xml</loc>\n  </sitemap>`);
    expect(xml).toContain(`<loc>${site.url}/s2.xml?a=1&amp;b=2</loc>`);
  });

  it('answers an injected 429 with Retry-After the given times, then serves the page', async () => {
    site.page('/limited', 'ok');
    site.fail('/limited', 1, { status: 429, retryAfterSeconds: 2 });
    const throttled = await fetch(`${site.url}/limited`);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('2');
    await throttled.arrayBuffer();
    const served = await fetch(`${site.url}/limited`);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('ok');
  });

  it('injects faults on robots.txt too, before its 404', async () => {
    site.fail('/robots.txt', 2, { status: 503 });
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(503);
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(503);
    expect((await fetch(`${site.url}/robots.txt`)).status).toBe(404);
  });

  it('never answers a hung request, and still closes', async () => {
    site.page('/slow', 'slow');
    site.fail('/slow', 1, { hang: true });
    await expect(fetch(`${site.url}/slow`, { signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect(site.requests()).toEqual([
      expect.objectContaining({ method: 'GET', path: '/slow', status: undefined }),
    ]);
    await expect(site.close()).resolves.toBeUndefined();
    // afterEach closes `site`: give it one that is still open.
    site = await startFakeSite();
  });

  it('records every request with its method, path, status and headers', async () => {
    site.page('/a', 'a');
    await (await fetch(`${site.url}/a?q=1`, { headers: { 'user-agent': 'crawler/1' } })).text();
    await fetch(`${site.url}/a`, { method: 'HEAD' });
    await (await fetch(`${site.url}/missing`)).text();
    const requests = site.requests();
    expect(requests.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: 'GET', path: '/a', status: 200 },
      { method: 'HEAD', path: '/a', status: 200 },
      { method: 'GET', path: '/missing', status: 404 },
    ]);
    expect(requests[0]?.headers['user-agent']).toBe('crawler/1');
  });

  it('serves the pages and robots.txt given in the options', async () => {
    const other = await startFakeSite({ pages: { '/x': 'x' }, robots: 'User-agent: *' });
    expect(await (await fetch(`${other.url}/x`)).text()).toBe('x');
    expect(await (await fetch(`${other.url}/robots.txt`)).text()).toBe('User-agent: *');
    await other.close();
  });
});
