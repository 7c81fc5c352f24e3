import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createConfluenceSourceReader } from '@clarify/ingest';
import { startFakeConfluence, type FakeConfluence } from '@clarify/testing';
import type { Database } from '../src/client/database';
import { createTestDatabase, testDatabaseKinds } from '../src/testing';
import { createHarness } from './knowledge-base-harness';

const text = (sentence: string) =>
  `<h1>Summary</h1><p>${sentence} ${'It applies to every employee of Northwind. '.repeat(6)}</p>`;

// The Confluence connector end to end over one database kind: the others run the same SQL.
describe('a Confluence source, indexed incrementally', () => {
  let database: Database;
  let harness: ReturnType<typeof createHarness>;
  let confluence: FakeConfluence;

  beforeEach(async () => {
    database = await createTestDatabase(testDatabaseKinds()[0] ?? 'pglite');
    harness = createHarness(database);
    confluence = await startFakeConfluence({ pageSize: 2 });
    await harness.sources.upsert({
      id: 'wiki',
      name: 'wiki',
      type: 'confluence',
      settings: { baseUrl: confluence.url, spaces: ['HR'], tokenEnv: 'CONFLUENCE_TOKEN' },
    });
    confluence.page({ id: '101', space: 'HR', title: 'Handbook', body: text('Start here.') });
    confluence.page({
      id: '102',
      space: 'HR',
      title: 'Leave',
      parentId: '101',
      body: text('Everyone gets 25 vacation days.'),
    });
    confluence.page({
      id: '103',
      space: 'HR',
      title: 'Travel',
      parentId: '101',
      body: text('Book trains for trips under 500 km.'),
    });
    confluence.page({
      id: '104',
      space: 'HR',
      title: 'Salaries',
      parentId: '101',
      body: text('Salary bands are reviewed in March.'),
    });
  });
  afterEach(async () => {
    await confluence.close();
    await harness.cleanup();
    await database.close();
  });

  const run = (timeoutMs = 2_000) =>
    harness.index('wiki', '', {
      reader: createConfluenceSourceReader(
        {
          baseUrl: confluence.url,
          spaces: ['HR'],
          email: confluence.email,
          tokenEnv: 'CONFLUENCE_TOKEN',
          maxPages: 100,
        },
        {
          secret: (name) => (name === 'CONFLUENCE_TOKEN' ? confluence.token : undefined),
          fetch: { timeoutMs, maxRetries: 1, maxWaitMs: 500 },
        },
      ),
    });
  const bodyReads = () =>
    confluence.requests().filter((request) => request.path.startsWith('/wiki/api/v2/pages/'))
      .length;

  it('re-indexes a changed page, costs nothing for unchanged ones, and deletes a removed one', async () => {
    expect(await run()).toMatchObject({ documentsIndexed: 4, documentsSkipped: 0 });
    const [leave] = await harness.retriever.search({ query: 'how many vacation days', k: 1 });
    expect(leave).toMatchObject({
      title: 'Leave',
      uri: `${confluence.url}/wiki/spaces/HR/pages/102/Leave`,
      headingPath: ['Handbook', 'Leave', 'Summary'],
    });

    const rows = await harness.rowVersions();
    const calls = harness.embedder.calls;
    const readsBefore = bodyReads();
    expect(await run()).toMatchObject({ documentsUnchanged: 4, documentsIndexed: 0 });
    expect(harness.embedder.calls).toBe(calls);
    expect(await harness.rowVersions()).toEqual(rows);
    expect(bodyReads()).toBe(readsBefore);

    confluence.page({
      id: '102',
      space: 'HR',
      title: 'Leave',
      parentId: '101',
      body: text('Everyone gets 27 vacation days from 2027.'),
    });
    confluence.remove('103');
    expect(await run()).toMatchObject({
      documentsIndexed: 1,
      documentsUnchanged: 2,
      documentsDeleted: 1,
    });
    expect(bodyReads()).toBe(readsBefore + 1);
    const found = await harness.retriever.search({ query: 'how many vacation days', k: 1 });
    expect(found[0]?.text).toContain('27 vacation days');
    const travel = await harness.retriever.search({ query: 'book trains for trips', k: 5 });
    expect(travel.map((passage) => passage.documentId)).not.toContain('103');
  });

  it('deletes a page that becomes view-restricted, reports it, and never indexes it again', async () => {
    await run();
    confluence.restrict('104', { groups: ['payroll'] });
    const job = await run();
    expect(job).toMatchObject({ documentsDeleted: 1, documentsUnchanged: 3 });
    expect(job.errors).toEqual([
      {
        path: '104',
        message: expect.stringMatching(/^not indexed: "Salaries" has view restrictions/) as string,
      },
    ]);
    const passages = await harness.retriever.search({ query: 'salary bands reviewed', k: 10 });
    expect(passages.map((passage) => passage.documentId)).not.toContain('104');

    // A page created under it later inherits the restriction: it is never indexed either.
    confluence.page({
      id: '105',
      space: 'HR',
      title: 'Bands 2027',
      parentId: '104',
      body: text('Band C tops out higher.'),
    });
    const next = await run();
    expect(next.errors.map((error) => error.path)).toEqual(['104', '105']);
    expect(next.documentsIndexed).toBe(0);
  });

  it('reports a page failing to read and keeps what was indexed of it', async () => {
    await run();
    confluence.page({
      id: '102',
      space: 'HR',
      title: 'Leave',
      parentId: '101',
      body: text('Everyone gets 30 vacation days.'),
    });
    confluence.fail('/wiki/api/v2/pages/102', 1, { status: 500 });
    const job = await run();
    expect(job).toMatchObject({ documentsSkipped: 1, documentsDeleted: 0, documentsUnchanged: 3 });
    expect(job.errors).toEqual([{ path: '102', message: 'Confluence page 102 answered 500' }]);
    const found = await harness.retriever.search({ query: 'how many vacation days', k: 1 });
    expect(found[0]?.text).toContain('25 vacation days');
  });

  it('deletes nothing when the listing fails: refused token, server error or a timeout', async () => {
    await run();
    for (const [times, fault] of [
      [1, { status: 401 }],
      [1, { status: 500 }],
      [2, { hang: true }],
    ] as const) {
      confluence.fail(/cursor=/, times, fault);
      await expect(run(500)).rejects.toMatchObject({ code: 'source_unreadable' });
    }
    const listed = await harness.sources.list();
    expect(listed[0]?.documents).toBe(4);
  });
});
