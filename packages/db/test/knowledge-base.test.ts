import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClarifyError, isClarifyError, type Embedder } from '@clarify/core';
import { createFilesSourceReader, createIndexer, type SourceReader } from '@clarify/ingest';
import type { Database } from '../src/client/database';
import { createPgDocumentStore } from '../src/repositories/pg-document-store';
import { createPgRetriever } from '../src/repositories/pg-retriever';
import { createPgWordFrequencies } from '../src/repositories/pg-word-frequencies';
import { createTestDatabase, testDatabaseKinds } from '../src/testing';
import { createHarness, writeFiles } from './knowledge-base-harness';

const fixtures = join(import.meta.dirname, '../../ingest/test/fixtures');

const corpus = {
  'it/vpn.md': `# VPN\n\n## Reset your VPN password\n\nOpen https://id.example.com and choose "Reset GlobalProtect password". The new password works after 5 minutes.\n\n## Split tunnelling\n\nTraffic to the office network goes through the tunnel; everything else goes direct.`,
  'hr/parental-leave.md': `# Parental leave\n\nEmployees in Rotterdam get 16 weeks of paid parental leave. Tell your manager 8 weeks ahead.`,
  'finance/expenses.md': `# Travel expenses\n\nSubmit receipts in Expensify within 30 days. Hotels up to EUR 180 per night are approved automatically.`,
  'notes.txt': `Printer setup\n\nThe third-floor printer is called FLOOR3-MFP. Install it from the Self Service app.`,
};

describe.each(testDatabaseKinds())('knowledge base on %s', (kind) => {
  let database: Database;
  let harness: ReturnType<typeof createHarness>;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    harness = createHarness(database);
  });
  afterEach(async () => {
    await harness.cleanup();
    await database.close();
  });

  it('indexes a folder and finds the document a query is about first', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    const job = await harness.index('kb', root);
    expect(job).toMatchObject({
      status: 'succeeded',
      documentsSeen: 4,
      documentsIndexed: 4,
      documentsSkipped: 0,
    });

    const results = await harness.retriever.search({
      query: 'how do I reset the VPN password?',
      k: 3,
    });
    expect(results[0]).toMatchObject({ documentId: 'it/vpn.md', title: 'VPN', sourceId: 'kb' });
    expect(results[0]?.headingPath).toEqual(['VPN', 'Reset your VPN password']);
    expect(results[0]?.uri).toMatch(/^file:\/\/.*it\/vpn\.md$/);
    expect(results[0]?.denseRank).toBe(1);
    expect(results[0]?.lexicalRank).toBe(1);

    const leave = await harness.retriever.search({ query: 'parental leave weeks', k: 3 });
    expect(leave[0]?.documentId).toBe('hr/parental-leave.md');
  });

  it('re-indexing an unchanged corpus makes 0 embedding calls and changes 0 rows (DI-2)', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const before = await harness.rowVersions();
    const callsBefore = harness.embedder.calls;

    const job = await harness.index('kb', root);

    expect(job).toMatchObject({
      documentsUnchanged: 4,
      documentsIndexed: 0,
      chunksWritten: 0,
      documentsDeleted: 0,
    });
    expect(harness.embedder.calls).toBe(callsBefore);
    expect(await harness.rowVersions()).toEqual(before);
  });

  it('does not even read a document whose source version is unchanged, unless asked to (--full)', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    let reads = 0;
    const counting = (version: (externalId: string) => string): SourceReader => ({
      async list() {
        const items = await createFilesSourceReader({ path: root }).list();
        return items.map((item) => ({
          ...item,
          version: version(item.externalId),
          read: () => {
            reads += 1;
            return item.read();
          },
        }));
      },
    });
    await harness.index('kb', root, { reader: counting(() => 'v1') });
    expect(reads).toBe(4);
    reads = 0;
    const same = await harness.index('kb', root, { reader: counting(() => 'v1') });
    expect([reads, same.documentsUnchanged]).toEqual([0, 4]);
    const touched = await harness.index('kb', root, {
      reader: counting((id) => (id === 'notes.txt' ? 'v2' : 'v1')),
    });
    // Read again, found the same bytes: unchanged, nothing embedded.
    expect([reads, touched.documentsUnchanged, touched.documentsIndexed]).toEqual([1, 4, 0]);
    reads = 0;
    // Its new marker was remembered: the next run with it reads nothing.
    await harness.index('kb', root, {
      reader: counting((id) => (id === 'notes.txt' ? 'v2' : 'v1')),
    });
    expect(reads).toBe(0);
    const full = await harness.index('kb', root, { reader: counting(() => 'v1'), full: true });
    expect([reads, full.documentsIndexed]).toEqual([4, 4]);
  });

  it('a modified file replaces exactly its own chunks', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const others = await Promise.all(
      ['hr/parental-leave.md', 'finance/expenses.md', 'notes.txt'].map((id) =>
        harness.chunkRows(id),
      ),
    );
    const oldVpn = await harness.chunkRows('it/vpn.md');

    await writeFile(
      join(root, 'it/vpn.md'),
      `# VPN\n\n## Reset your VPN password\n\nCall the service desk on extension 4357 to reset it.`,
    );
    const callsBefore = harness.embedder.calls;
    const job = await harness.index('kb', root);

    expect(job).toMatchObject({ documentsIndexed: 1, documentsUnchanged: 3 });
    expect(harness.embedder.calls).toBe(callsBefore + 1);
    const newVpn = await harness.chunkRows('it/vpn.md');
    expect(newVpn.map((row) => row.text).join(' ')).toContain('extension 4357');
    expect(newVpn.map((row) => row.id)).not.toEqual(
      expect.arrayContaining(oldVpn.map((row) => row.id)),
    );
    const othersAfter = await Promise.all(
      ['hr/parental-leave.md', 'finance/expenses.md', 'notes.txt'].map((id) =>
        harness.chunkRows(id),
      ),
    );
    expect(othersAfter).toEqual(others);
    const hits = await harness.retriever.search({ query: 'GlobalProtect id.example.com', k: 10 });
    expect(hits.some((hit) => hit.text.includes('GlobalProtect'))).toBe(false);
  });

  it("a deleted file's chunks are gone after the next run (DI-3)", async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    await rm(join(root, 'finance/expenses.md'));

    const job = await harness.index('kb', root);

    expect(job).toMatchObject({ documentsDeleted: 1, documentsUnchanged: 3 });
    expect(await harness.chunkRows('finance/expenses.md')).toEqual([]);
    const hits = await harness.retriever.search({ query: 'Expensify receipts hotel', k: 10 });
    expect(hits.map((hit) => hit.documentId)).not.toContain('finance/expenses.md');
  });

  it('a failure during enumeration deletes nothing and fails the job (DI-3)', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const before = await harness.rowVersions();
    const failing: SourceReader = {
      list: () => Promise.reject(new Error('EIO: the share went away while listing')),
    };

    await expect(harness.index('kb', root, { reader: failing })).rejects.toThrow(/share went away/);

    expect(await harness.rowVersions()).toEqual(before);
    const [job] = await harness.jobs.latest({ sourceId: 'kb', limit: 1 });
    expect(job?.status).toBe('failed');
    expect(job?.error).toContain('share went away');
  });

  it('a run that dies half-way leaves every document whole and deletes nothing (DI-1)', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const before = await harness.rowVersions();
    await writeFile(join(root, 'it/vpn.md'), '# VPN\n\nNew VPN text that will never be stored.');
    await rm(join(root, 'notes.txt'));
    let calls = 0;
    const dying: Embedder = {
      model: harness.embedder.model,
      dimensions: harness.embedder.dimensions,
      embed: () =>
        Promise.reject(
          new ClarifyError('embedding_failed', `embeddings API down (call ${++calls})`),
        ),
    };
    const indexer = createIndexer({
      documents: createPgDocumentStore(database.db),
      jobs: harness.jobs,
      embedder: dying,
      tryWithLock: database.tryWithLock,
      chunkOptions: { targetChars: 400, overlapChars: 60 },
    });

    await expect(
      indexer.run({
        sourceId: 'kb',
        trigger: 'cli',
        reader: createFilesSourceReader({ path: root }),
      }),
    ).rejects.toThrow(/embeddings API down/);

    expect(await harness.rowVersions()).toEqual(before);
    const hits = await harness.retriever.search({ query: 'GlobalProtect password', k: 3 });
    expect(hits[0]?.text).toContain('GlobalProtect');
    const [job] = await harness.jobs.latest({ sourceId: 'kb', limit: 1 });
    expect(job).toMatchObject({ status: 'failed', documentsDeleted: 0 });
  });

  it('holds back deleting more than 20% of a source until confirmed', async () => {
    const many = Object.fromEntries(
      Array.from({ length: 12 }, (_, index) => [
        `doc-${index}.md`,
        `# Doc ${index}\n\nTopic number ${index}.`,
      ]),
    );
    const root = await harness.addFolderSource('kb', many);
    await harness.index('kb', root);
    for (let index = 0; index < 4; index++) await rm(join(root, `doc-${index}.md`));

    const held = await harness.index('kb', root);
    expect(held).toMatchObject({ documentsDeleted: 0, deletionsHeld: 4 });
    const confirmed = await harness.index('kb', root, { confirmDeletions: true });
    expect(confirmed).toMatchObject({ documentsDeleted: 4, deletionsHeld: 0 });
  });

  it('reports a corrupt PDF or DOCX with its path, skips it and keeps the rest', async () => {
    const root = await harness.addFolderSource('kb', {
      ...corpus,
      'broken.pdf': await readFile(join(fixtures, 'corrupt.pdf')),
      'broken.docx': await readFile(join(fixtures, 'corrupt.docx')),
    });
    const job = await harness.index('kb', root);

    expect(job).toMatchObject({ status: 'succeeded', documentsIndexed: 4, documentsSkipped: 2 });
    expect(job.errors.map((error) => error.path).sort()).toEqual(['broken.docx', 'broken.pdf']);
    expect(job.errors.every((error) => error.message.length > 0)).toBe(true);
  });

  it('a document that turns corrupt is reported and keeps its previous version', async () => {
    const root = await harness.addFolderSource('kb', {
      ...corpus,
      'manual.docx': await readFile(join(fixtures, 'sample.docx')),
    });
    await harness.index('kb', root);
    const before = await harness.chunkRows('manual.docx');
    expect(before.length).toBeGreaterThan(0);
    await writeFile(join(root, 'manual.docx'), await readFile(join(fixtures, 'corrupt.docx')));

    const job = await harness.index('kb', root);

    expect(job).toMatchObject({ status: 'succeeded', documentsSkipped: 1, documentsDeleted: 0 });
    expect(job.errors.map((error) => error.path)).toEqual(['manual.docx']);
    expect(await harness.chunkRows('manual.docx')).toEqual(before);
  });

  it('a search scoped to one source never returns another source and still returns k (RG-1)', async () => {
    const small = Object.fromEntries(
      Array.from({ length: 6 }, (_, index) => [
        `team-${index}.md`,
        `# Team note ${index}\n\nThe VPN password policy for team ${index} says rotate every ${index + 30} days.`,
      ]),
    );
    const big = Object.fromEntries(
      Array.from({ length: 120 }, (_, index) => [
        `page-${index}.md`,
        `# Wiki page ${index}\n\nVPN password reset guidance number ${index}: use the portal and wait ${index} minutes.`,
      ]),
    );
    const smallRoot = await harness.addFolderSource('team', small);
    const bigRoot = await harness.addFolderSource('wiki', big);
    await harness.index('team', smallRoot);
    await harness.index('wiki', bigRoot);

    const scoped = await harness.retriever.search({
      query: 'VPN password reset',
      k: 6,
      scope: { sourceIds: ['team'] },
    });
    expect(scoped).toHaveLength(6);
    expect(new Set(scoped.map((passage) => passage.sourceId))).toEqual(new Set(['team']));

    const unscoped = await harness.retriever.search({ query: 'VPN password reset', k: 6 });
    expect(unscoped.some((passage) => passage.sourceId === 'wiki')).toBe(true);
    expect(
      await harness.retriever.search({ query: 'VPN', k: 6, scope: { sourceIds: [] } }),
    ).toEqual([]);
  });

  it('runs one index job per source at a time (DI-4)', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    const results = await Promise.allSettled([
      harness.index('kb', root),
      harness.index('kb', root),
    ]);
    const rejected = results.filter((result) => result.status === 'rejected');
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(
      isClarifyError((rejected[0] as PromiseRejectedResult).reason, 'index_already_running'),
    ).toBe(true);
  });

  it('falls back to full text when the query cannot be embedded (LF-3)', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const broken: Embedder = {
      model: harness.embedder.model,
      dimensions: harness.embedder.dimensions,
      embed: () =>
        Promise.reject(new ClarifyError('embedding_failed', 'embeddings API returned 503')),
    };
    const errors: unknown[] = [];
    const degraded = createPgRetriever({
      db: database.db,
      embedder: broken,
      onEmbeddingError: (error) => errors.push(error),
    });

    const results = await degraded.search({ query: 'Expensify receipts', k: 3 });

    expect(results[0]).toMatchObject({
      documentId: 'finance/expenses.md',
      denseRank: null,
      lexicalRank: 1,
      similarity: null,
    });
    expect(errors).toHaveLength(1);
    const strict = createPgRetriever({ db: database.db, embedder: broken });
    await expect(strict.search({ query: 'Expensify receipts', k: 3 })).rejects.toThrow(/503/);
  });

  it('lists sources with document and chunk counts', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const [summary] = await harness.sources.list();
    expect(summary).toMatchObject({ id: 'kb', type: 'files', documents: 4 });
    expect(summary?.chunks).toBeGreaterThanOrEqual(4);
    expect(summary?.lastIndexedAt).toBeInstanceOf(Date);
  });

  it('counts the passages holding each word, in any inflection, through the full-text index', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const [summary] = await harness.sources.list();
    const frequencies = createPgWordFrequencies(database.db);

    const counts = await frequencies.count([
      'passwords',
      'weeks',
      'expensify',
      'zeppelin',
      'the',
      '',
    ]);
    expect(counts.passages).toBe(summary?.chunks);
    // "passwords" matches "password"; "the" and "" are not words the index counts.
    expect(counts.holding).toEqual([1, 1, 1, 0, null, null]);
    expect(await frequencies.count([])).toEqual({ passages: counts.passages, holding: [] });
  });

  it('does not remember an empty knowledge base: its first index run is under way', async () => {
    const frequencies = createPgWordFrequencies(database.db, { now: () => 0 });
    expect(await frequencies.count(['printer'])).toEqual({ passages: 0, holding: [0] });
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    const counted = await frequencies.count(['printer']);
    expect(counted.passages).toBeGreaterThan(0);
    expect(counted.holding).toEqual([1]);
  });

  it('reuses word counts for a while, and counts anew once they are old', async () => {
    const root = await harness.addFolderSource('kb', corpus);
    await harness.index('kb', root);
    let clock = 0;
    const frequencies = createPgWordFrequencies(database.db, { ttlMs: 60_000, now: () => clock });
    const before = await frequencies.count(['printer', 'badge']);
    expect(before.holding).toEqual([1, 0]);

    await writeFiles(root, {
      'office/badges.md': '# Badges\n\nLost your badge? The printer at reception prints a new one.',
    });
    await harness.index('kb', root);
    clock = 59_000;
    expect(await frequencies.count(['printer', 'badge'])).toEqual(before);
    clock = 61_000;
    const after = await frequencies.count(['printer', 'badge']);
    expect(after.holding).toEqual([2, 1]);
    expect(after.passages).toBe(before.passages + 1);
  });
});
