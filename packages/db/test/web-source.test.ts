import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWebSourceReader } from '@clarify/ingest';
import { startFakeSite, type FakeSite } from '@clarify/testing';
import type { Database } from '../src/client/database';
import { createTestDatabase, testDatabaseKinds } from '../src/testing';
import { createHarness } from './knowledge-base-harness';

const page = (title: string, text: string) =>
  `<html><head><title>${title}</title></head><body><nav>Home · Careers · Search</nav><article><h1>${title}</h1><p>${text} ${'It applies to every employee. '.repeat(6)}</p></article><footer>© Northwind</footer></body></html>`;

// The web connector end to end over one database kind: the others run the same SQL.
describe('a web source, indexed incrementally', () => {
  let database: Database;
  let harness: ReturnType<typeof createHarness>;
  let site: FakeSite;

  beforeEach(async () => {
    database = await createTestDatabase(testDatabaseKinds()[0] ?? 'pglite');
    harness = createHarness(database);
    site = await startFakeSite();
    await harness.sources.upsert({
      id: 'wiki',
      name: 'wiki',
      type: 'web',
      settings: { urls: [`${site.url}/sitemap.xml`] },
    });
  });
  afterEach(async () => {
    await site.close();
    await harness.cleanup();
    await database.close();
  });

  const run = () =>
    harness.index('wiki', '', {
      reader: createWebSourceReader(
        { urls: [`${site.url}/sitemap.xml`], depth: 0, maxPages: 100 },
        { secret: () => undefined, fetch: { timeoutMs: 2_000, maxRetries: 1, maxWaitMs: 500 } },
      ),
    });

  it('re-indexes a changed page, costs nothing for unchanged ones, and deletes a removed one', async () => {
    site.page('/leave', page('Leave', 'Everyone gets 25 vacation days.'));
    site.page('/travel', page('Travel', 'Book trains for trips under 500 km.'));
    site.page('/expenses', page('Expenses', 'Submit receipts within 30 days.'));
    const sitemap = (leaveVersion: string, withExpenses = true) =>
      site.sitemap('/sitemap.xml', [
        { loc: `${site.url}/leave`, lastmod: leaveVersion },
        { loc: `${site.url}/travel`, lastmod: '2026-10-01' },
        ...(withExpenses ? [{ loc: `${site.url}/expenses`, lastmod: '2026-10-01' }] : []),
      ]);
    sitemap('2026-10-01');
    expect(await run()).toMatchObject({ documentsIndexed: 3, documentsSkipped: 0 });

    const rows = await harness.rowVersions();
    const calls = harness.embedder.calls;
    const gets = () => site.requests().filter((request) => request.method === 'GET').length;
    const getsBefore = gets();
    expect(await run()).toMatchObject({ documentsUnchanged: 3, documentsIndexed: 0 });
    expect(harness.embedder.calls).toBe(calls);
    expect(await harness.rowVersions()).toEqual(rows);
    // Only robots.txt and the sitemap were fetched: no page was read.
    expect(gets() - getsBefore).toBe(2);

    site.page('/leave', page('Leave', 'Everyone gets 27 vacation days from 2027.'));
    sitemap('2026-11-20', false);
    expect(await run()).toMatchObject({
      documentsIndexed: 1,
      documentsUnchanged: 1,
      documentsDeleted: 1,
    });
    const found = await harness.retriever.search({ query: 'how many vacation days', k: 1 });
    expect(found[0]?.text).toContain('27 vacation days');
  });

  it('deletes nothing when the site fails while listing', async () => {
    site.page('/leave', page('Leave', 'Everyone gets 25 vacation days.'));
    site.sitemap('/sitemap.xml', [{ loc: `${site.url}/leave` }]);
    await run();
    site.fail('/sitemap.xml', 5, { status: 500 });
    await expect(run()).rejects.toThrow(/answered 500/);
    const listed = await harness.sources.list();
    expect(listed[0]?.documents).toBe(1);
  });
});
