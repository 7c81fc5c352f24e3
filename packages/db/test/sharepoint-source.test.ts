import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSharePointSourceReader } from '@clarify/ingest';
import { startFakeSharePoint, type FakeSharePoint } from '@clarify/testing';
import type { Database } from '../src/client/database';
import { createTestDatabase, testDatabaseKinds } from '../src/testing';
import { createHarness } from './knowledge-base-harness';

const fixtures = join(import.meta.dirname, '../../ingest/test/fixtures');
const SECRET_ENV = 'HR_SHAREPOINT_SECRET';

// The SharePoint connector end to end over one database kind: the others run the same SQL.
describe('a SharePoint source, indexed incrementally with its delta state', () => {
  let database: Database;
  let harness: ReturnType<typeof createHarness>;
  let sharepoint: FakeSharePoint;
  /** The source's sync state between runs, kept as JSON as the database keeps it. */
  let saved: string | null;

  beforeEach(async () => {
    database = await createTestDatabase(testDatabaseKinds()[0] ?? 'pglite');
    harness = createHarness(database);
    sharepoint = await startFakeSharePoint({ clientId: 'clarify-app', clientSecret: 's3cret' });
    saved = null;
    await harness.sources.upsert({
      id: 'hr',
      name: 'hr',
      type: 'sharepoint',
      settings: { siteUrl: sharepoint.siteUrl },
    });
    sharepoint.file('Policies/leave.md', '# Leave\n\nEveryone gets 25 vacation days a year.');
    sharepoint.file('Policies/handbook.docx', await readFile(join(fixtures, 'sample.docx')));
    sharepoint.file('Travel.pdf', await readFile(join(fixtures, 'sample.pdf')));
    sharepoint.file('Notes/expenses.md', '# Expenses\n\nSubmit receipts within 30 days.');
  });
  afterEach(async () => {
    await sharepoint.close();
    await harness.cleanup();
    await database.close();
  });

  const run = () =>
    harness.index('hr', '', {
      reader: createSharePointSourceReader(
        {
          tenantId: sharepoint.tenantId,
          clientId: 'clarify-app',
          clientSecretEnv: SECRET_ENV,
          siteUrl: sharepoint.siteUrl,
          graphUrl: sharepoint.graphUrl,
          loginUrl: sharepoint.loginUrl,
        },
        {
          secret: (name) => (name === SECRET_ENV ? 's3cret' : undefined),
          state: {
            load: () => Promise.resolve(saved === null ? null : (JSON.parse(saved) as unknown)),
            save: (state) => {
              saved = JSON.stringify(state);
              return Promise.resolve();
            },
          },
          fetch: { timeoutMs: 2_000, maxRetries: 1, maxWaitMs: 500 },
        },
      ),
    });
  const downloads = () =>
    sharepoint.requests().filter((request) => request.path.endsWith('/content')).length;

  it('re-indexes a changed file, costs nothing for unchanged ones, and deletes a removed one', async () => {
    expect(await run()).toMatchObject({ documentsIndexed: 4, documentsSkipped: 0 });

    const rows = await harness.rowVersions();
    const calls = harness.embedder.calls;
    const downloadsBefore = downloads();
    expect(await run()).toMatchObject({ documentsUnchanged: 4, documentsIndexed: 0 });
    expect(harness.embedder.calls).toBe(calls);
    expect(await harness.rowVersions()).toEqual(rows);
    expect(downloads()).toBe(downloadsBefore);

    sharepoint.file('Policies/leave.md', '# Leave\n\nEveryone gets 27 vacation days from 2027.');
    sharepoint.remove('Notes/expenses.md');
    expect(await run()).toMatchObject({
      documentsIndexed: 1,
      documentsUnchanged: 2,
      documentsDeleted: 1,
    });
    expect(downloads()).toBe(downloadsBefore + 1);
    const found = await harness.retriever.search({ query: 'how many vacation days', k: 10 });
    const texts = found.map((passage) => passage.text).join('\n');
    expect(texts).toContain('27 vacation days');
    expect(texts).not.toContain('25 vacation days');
    const listed = await harness.sources.list();
    expect(listed[0]?.documents).toBe(3);
  });

  it('reports a broken file with its id and skips it, keeping what was indexed of it', async () => {
    await run();
    const id = sharepoint.itemId('Policies/handbook.docx');
    const before = await harness.chunkRows(id);
    expect(before.length).toBeGreaterThan(0);

    sharepoint.file('Policies/handbook.docx', await readFile(join(fixtures, 'corrupt.docx')));
    sharepoint.file('Policies/leave.md', '# Leave\n\nEveryone gets 26 vacation days.');
    sharepoint.fail(`/items/${sharepoint.itemId('Policies/leave.md')}/content`, 1, { status: 500 });
    const job = await run();
    expect(job).toMatchObject({ status: 'succeeded', documentsSkipped: 2, documentsDeleted: 0 });
    expect(job.errors.map((error) => error.path).sort()).toEqual(
      [id, sharepoint.itemId('Policies/leave.md')].sort(),
    );
    expect(await harness.chunkRows(id)).toEqual(before);
  });

  it('deletes and reports a file that became restricted, and never indexes a restricted folder', async () => {
    sharepoint.file('Payroll/salaries.md', '# Salaries\n\nThe CEO earns 1,000,000 a year.');
    sharepoint.restrict('Payroll');
    expect(await run()).toMatchObject({ documentsIndexed: 4 });

    sharepoint.restrict('Policies/leave.md');
    const job = await run();
    expect(job).toMatchObject({ documentsDeleted: 1, documentsIndexed: 0 });
    expect(job.errors).toEqual([
      {
        path: sharepoint.itemId('Payroll/salaries.md'),
        message: expect.stringMatching(
          /^not indexed: Payroll\/salaries\.md is in Payroll, which has permissions of its own/,
        ) as string,
      },
      {
        path: sharepoint.itemId('Policies/leave.md'),
        message: expect.stringMatching(
          /^not indexed: Policies\/leave\.md has permissions of its own/,
        ) as string,
      },
    ]);
    for (const query of ['how many vacation days', 'what does the CEO earn']) {
      const found = await harness.retriever.search({ query, k: 5 });
      expect(found.some((passage) => /vacation days|CEO earns/.test(passage.text))).toBe(false);
    }
  });

  it('deletes nothing when Graph fails while listing, and saves no state', async () => {
    await run();
    const state = saved;
    sharepoint.remove('Notes/expenses.md');
    sharepoint.fail('/root/delta', 5, { status: 500 });
    await expect(run()).rejects.toThrow(/answered 500/);
    expect(saved).toBe(state);
    const listed = await harness.sources.list();
    expect(listed[0]?.documents).toBe(4);
  });
});
