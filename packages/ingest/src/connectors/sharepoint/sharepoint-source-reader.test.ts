import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { startFakeSharePoint, type FakeSharePoint } from '@clarify/testing';
import { parseDocument } from '../../parse';
import { readBytes, type SourceItem } from '../../sources/source-reader';
import type { SyncState } from '../connector';
import {
  createSharePointSourceReader,
  type SharePointSourceSettings,
} from './sharepoint-source-reader';

const SECRET_ENV = 'HR_SHAREPOINT_SECRET';
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../../../test/fixtures/${name}`, import.meta.url)));

let fake: FakeSharePoint;
beforeEach(async () => {
  fake = await startFakeSharePoint({ clientId: 'app-1', clientSecret: 's3cret' });
});
afterEach(async () => {
  await fake.close();
});

function reader(
  settings: Partial<SharePointSourceSettings> = {},
  options: { state?: SyncState; secret?: string; now?: () => number } = {},
) {
  return createSharePointSourceReader(
    {
      tenantId: fake.tenantId,
      clientId: 'app-1',
      clientSecretEnv: SECRET_ENV,
      ...(settings.driveId === undefined && { siteUrl: fake.siteUrl }),
      graphUrl: fake.graphUrl,
      loginUrl: fake.loginUrl,
      ...settings,
    },
    {
      secret: (name) => (name === SECRET_ENV ? (options.secret ?? 's3cret') : undefined),
      ...(options.state && { state: options.state }),
      ...(options.now && { now: options.now }),
      fetch: { timeoutMs: 300, maxRetries: 1, maxWaitMs: 1_500 },
    },
  );
}

/** A source's state kept as the database keeps it: JSON, between runs. */
function memoryState() {
  let saved: string | null = null;
  let saves = 0;
  return {
    load: () => Promise.resolve(saved === null ? null : (JSON.parse(saved) as unknown)),
    save: (state: unknown) => {
      saved = JSON.stringify(state);
      saves += 1;
      return Promise.resolve();
    },
    saves: () => saves,
  };
}

/** The requests made from now on. */
function since() {
  const before = fake.requests().length;
  return () => fake.requests().slice(before);
}

const pathsOf = (items: SourceItem[]) =>
  items.map((item) => decodeURIComponent(item.uri.slice(`${fake.siteUrl}/`.length)));

function library() {
  fake.file('Policies/leave.md', '# Leave\n\nEveryone gets 25 days.');
  fake.file('Policies/travel.docx', fixture('sample.docx'));
  fake.file('Handbook.pdf', fixture('sample.pdf'));
  fake.file('Notes/readme.txt', 'Read me.');
  fake.file('Notes/index.html', '<html><body><h1>Index</h1></body></html>');
  fake.file('Budget.xlsx', new Uint8Array([1, 2, 3]));
  fake.file('Notes/logo.png', new Uint8Array([137, 80, 78, 71]));
}

describe('the SharePoint source reader', () => {
  it('lists the whole library across delta pages: supported files only, by id, with their tags', async () => {
    library();
    const requests = since();
    const items = await reader().list();
    expect(pathsOf(items)).toEqual([
      'Shared Documents/Handbook.pdf',
      'Shared Documents/Notes/index.html',
      'Shared Documents/Notes/readme.txt',
      'Shared Documents/Policies/leave.md',
      'Shared Documents/Policies/travel.docx',
    ]);
    const leave = items.find((item) => item.uri.endsWith('leave.md'));
    expect(leave).toMatchObject({
      externalId: fake.itemId('Policies/leave.md'),
      parseAs: '.md',
      sizeBytes: 31,
      version: expect.stringMatching(/^etag:"\{[0-9A-F-]{36}\},1"$/) as string,
    });
    expect(leave?.modifiedAt).toBeInstanceOf(Date);
    expect(items.map((item) => item.parseAs)).toEqual(['.pdf', '.html', '.txt', '.md', '.docx']);
    const deltaPages = requests().filter((request) => request.path.endsWith('/root/delta'));
    expect(deltaPages.length).toBeGreaterThanOrEqual(4);
    expect(deltaPages[0]?.search).toBe('');
  });

  it('reads a file through its content URL’s redirect, bytes the parsers take', async () => {
    library();
    const items = await reader().list();
    const travel = items.find((item) => item.uri.endsWith('travel.docx'));
    const requests = since();
    const bytes = await readBytes(travel!);
    expect(bytes).toEqual(fixture('sample.docx'));
    const parsed = await parseDocument({ path: `x${travel?.parseAs}`, bytes });
    expect(parsed.markdown).toMatch(/^# Leave Policy$/m);
    expect(requests().map((request) => [request.path.split('/').at(-1), request.status])).toEqual([
      ['content', 302],
      ['download.aspx', 200],
    ]);
  });

  it('lists only the folder asked for', async () => {
    library();
    const items = await reader({ folder: '/policies/' }).list();
    expect(pathsOf(items)).toEqual([
      'Shared Documents/Policies/leave.md',
      'Shared Documents/Policies/travel.docx',
    ]);
  });

  it('reads a named library, or a drive by id', async () => {
    await fake.close();
    fake = await startFakeSharePoint({
      clientId: 'app-1',
      clientSecret: 's3cret',
      libraries: ['Documents', 'Policies'],
    });
    fake.file('a.md', '# A', { library: 'Policies' });
    fake.file('b.md', '# B');
    const named = await reader({ library: 'policies' }).list();
    expect(named.map((item) => item.externalId)).toEqual([fake.itemId('a.md', 'Policies')]);
    const byId = await reader({ driveId: fake.driveId('Policies') }).list();
    expect(byId.map((item) => item.externalId)).toEqual([fake.itemId('a.md', 'Policies')]);
  });

  it('says clearly which site, library or drive does not exist', async () => {
    const failures = await Promise.all([
      reader({ siteUrl: 'https://contoso.sharepoint.com/sites/nope' })
        .list()
        .catch((e: unknown) => e),
      reader({ library: 'Contracts' })
        .list()
        .catch((e: unknown) => e),
      reader({ driveId: 'b!missing' })
        .list()
        .catch((e: unknown) => e),
    ]);
    expect(failures.map((failure) => isClarifyError(failure, 'config_invalid'))).toEqual([
      true,
      true,
      true,
    ]);
    expect(String(failures[0])).toContain('https://contoso.sharepoint.com/sites/nope');
    expect(String(failures[1])).toMatch(/no library "Contracts" \(it has "Documents"\)/);
    expect(String(failures[2])).toContain('b!missing');
  });

  it('on a later run reads only the changes since, and still returns the complete listing', async () => {
    library();
    const state = memoryState();
    const whole = since();
    const first = await reader({}, { state }).list();
    expect(state.saves()).toBe(1);
    const wholePages = whole().filter((request) => request.path.endsWith('/root/delta')).length;

    fake.file('Policies/leave.md', '# Leave\n\nEveryone gets 27 days.');
    fake.file('Policies/new.md', '# New');
    fake.remove('Notes/readme.txt');
    const requests = since();
    const second = await reader({}, { state }).list();

    const deltas = requests().filter((request) => request.path.endsWith('/root/delta'));
    expect(deltas.length).toBeLessThan(wholePages);
    expect(deltas.every((request) => request.search.startsWith('?token='))).toBe(true);
    // Only what changed was checked: the new and the changed file, the folders Graph sent
    // again with them, and the library to compare with.
    const checked = requests().filter((request) => request.path.endsWith('/permissions'));
    expect(checked.map((request) => request.path.split('/').at(-2)).sort()).toEqual(
      ['Policies/leave.md', 'Policies/new.md', 'Policies', 'Notes', '']
        .map((path) => fake.itemId(path))
        .sort(),
    );
    expect(pathsOf(second)).toEqual([
      'Shared Documents/Handbook.pdf',
      'Shared Documents/Notes/index.html',
      'Shared Documents/Policies/leave.md',
      'Shared Documents/Policies/new.md',
      'Shared Documents/Policies/travel.docx',
    ]);
    const version = (items: SourceItem[], name: string) =>
      items.find((item) => item.uri.endsWith(name))?.version;
    expect(version(second, 'leave.md')).not.toBe(version(first, 'leave.md'));
    expect(version(second, 'travel.docx')).toBe(version(first, 'travel.docx'));

    const unchanged = since();
    expect(pathsOf(await reader({}, { state }).list())).toEqual(pathsOf(second));
    expect(unchanged().filter((request) => request.path.endsWith('/permissions'))).toEqual([]);
    expect(unchanged().filter((request) => request.path.endsWith('/root/delta'))).toHaveLength(1);
  });

  it('takes a moved folder’s files along, and drops a file renamed to a type it cannot read', async () => {
    library();
    const state = memoryState();
    await reader({}, { state }).list();
    fake.move('Policies', 'Archive/Policies 2025');
    fake.move('Notes/readme.txt', 'Notes/readme.xlsx');
    const items = await reader({}, { state }).list();
    expect(pathsOf(items)).toEqual([
      'Shared Documents/Archive/Policies 2025/leave.md',
      'Shared Documents/Archive/Policies 2025/travel.docx',
      'Shared Documents/Handbook.pdf',
      'Shared Documents/Notes/index.html',
    ]);
    expect(await reader({ folder: 'Policies' }, { state }).list()).toEqual([]);
  });

  it('starts from scratch when the delta link has expired (410)', async () => {
    library();
    const state = memoryState();
    await reader({}, { state }).list();
    fake.expireDeltaTokens();
    fake.remove('Policies');
    const requests = since();
    const items = await reader({}, { state }).list();
    const deltas = requests().filter((request) => request.path.endsWith('/root/delta'));
    expect(deltas[0]).toMatchObject({ status: 410 });
    expect(deltas[1]).toMatchObject({ status: 200, search: '' });
    expect(pathsOf(items)).toEqual([
      'Shared Documents/Handbook.pdf',
      'Shared Documents/Notes/index.html',
      'Shared Documents/Notes/readme.txt',
    ]);
    expect(state.saves()).toBe(2);
  });

  it('withholds a restricted file and the files of a restricted folder, saying which and why', async () => {
    library();
    fake.file('Payroll/2026/salaries.md', '# Salaries');
    fake.restrict('Payroll');
    fake.restrict('Policies/leave.md');
    const state = memoryState();
    const source = reader({}, { state });
    const items = await source.list();
    expect(pathsOf(items)).not.toContain('Shared Documents/Policies/leave.md');
    expect(pathsOf(items).some((path) => path.includes('Payroll'))).toBe(false);
    expect(source.withheld?.()).toEqual([
      {
        externalId: fake.itemId('Payroll/2026/salaries.md'),
        reason: expect.stringMatching(
          /^Payroll\/2026\/salaries\.md is in Payroll, which has permissions of its own .*narrower than this source's audience$/,
        ) as string,
      },
      {
        externalId: fake.itemId('Policies/leave.md'),
        reason: expect.stringMatching(/^Policies\/leave\.md has permissions of its own/) as string,
      },
    ]);

    // Unchanged: the answers kept in the state serve, no permission is asked again.
    const requests = since();
    const again = reader({}, { state });
    expect(pathsOf(await again.list())).toEqual(pathsOf(items));
    expect(again.withheld?.()).toHaveLength(2);
    expect(requests().filter((request) => request.path.endsWith('/permissions'))).toEqual([]);

    // The folder shared with the library again: its files come back.
    fake.inherit('Payroll');
    fake.restrict('Handbook.pdf');
    const later = reader({}, { state });
    const back = pathsOf(await later.list());
    expect(back).toContain('Shared Documents/Payroll/2026/salaries.md');
    expect(back).not.toContain('Shared Documents/Handbook.pdf');
    expect(later.withheld?.().map((item) => item.externalId)).toEqual([
      fake.itemId('Handbook.pdf'),
      fake.itemId('Policies/leave.md'),
    ]);
  });

  it('reads the drive from scratch again after a week, checking every permission again', async () => {
    library();
    const state = memoryState();
    const day = 24 * 60 * 60 * 1000;
    await reader({}, { state, now: () => Date.parse('2026-03-01T00:00:00Z') }).list();
    const requests = since();
    await reader({}, { state, now: () => Date.parse('2026-03-01T00:00:00Z') + 8 * day }).list();
    const deltas = requests().filter((request) => request.path.endsWith('/root/delta'));
    expect(deltas[0]?.search).toBe('');
    // Five files, their two folders, and the library.
    expect(requests().filter((request) => request.path.endsWith('/permissions'))).toHaveLength(8);
  });

  it('waits out a 429 after its Retry-After', async () => {
    library();
    fake.fail('/root/delta', 1, { status: 429, retryAfterSeconds: 1 });
    const started = performance.now();
    expect(await reader().list()).toHaveLength(5);
    expect(performance.now() - started).toBeGreaterThanOrEqual(900);
  });

  it('fails the listing on a refusal, a server error or a timeout midway, saving nothing', async () => {
    library();
    const state = memoryState();
    const midway = (request: { path: string; search: string }) =>
      request.path.endsWith('/root/delta') && request.search.startsWith('?token=');
    for (const fault of [
      { status: 401 },
      { status: 403 },
      { status: 500 },
      { hang: true },
    ] as const) {
      // A refusal or a 500 is not retried; a hang is, once.
      fake.fail(midway, 'hang' in fault ? 2 : 1, fault);
      const failure = await reader({}, { state })
        .list()
        .catch((error: unknown) => error);
      expect(isClarifyError(failure, 'source_unreadable')).toBe(true);
    }
    fake.fail('/permissions', 2, { status: 503 });
    const failure = await reader({}, { state })
      .list()
      .catch((error: unknown) => error);
    expect(isClarifyError(failure, 'source_unreadable')).toBe(true);
    expect(state.saves()).toBe(0);
    expect(await reader({}, { state }).list()).toHaveLength(5);
    expect(state.saves()).toBe(1);
  });

  it('names the tenant, the client and the variable when the secret is refused', async () => {
    library();
    const failure = await reader({}, { secret: 'wrong-secret' })
      .list()
      .catch((error: unknown) => error);
    expect(isClarifyError(failure, 'config_invalid')).toBe(true);
    const message = String(failure);
    expect(message).toContain(fake.tenantId);
    expect(message).toContain('app-1');
    expect(message).toContain(SECRET_ENV);
    expect(message).toContain('invalid_client');
    expect(message).not.toContain('wrong-secret');

    fake.fail('/oauth2/v2.0/token', 1, { status: 503 });
    const unavailable = await reader()
      .list()
      .catch((error: unknown) => error);
    expect(isClarifyError(unavailable, 'source_unreadable')).toBe(true);
    expect((unavailable as { retryable?: boolean }).retryable).toBe(true);
  });

  it('refuses to start without the secret’s variable, naming it', () => {
    expect(() =>
      createSharePointSourceReader(
        { tenantId: 't', clientId: 'c', clientSecretEnv: SECRET_ENV, siteUrl: fake.siteUrl },
        { secret: () => undefined },
      ),
    ).toThrow(SECRET_ENV);
  });

  it('fails a file that is gone or erroring when read as that file’s problem, with its id', async () => {
    library();
    const items = await reader().list();
    const leave = items.find((item) => item.uri.endsWith('leave.md'))!;
    const handbook = items.find((item) => item.uri.endsWith('Handbook.pdf'))!;
    fake.remove('Policies/leave.md');
    fake.fail(`/items/${handbook.externalId}/content`, 1, { status: 500 });
    const failures = await Promise.all(
      [leave, handbook].map((item) => item.read().catch((error: unknown) => error)),
    );
    expect(failures.map((failure) => isClarifyError(failure, 'document_unreadable'))).toEqual([
      true,
      true,
    ]);
    expect(String(failures[0])).toMatch(/Policies\/leave\.md \(.+\).*404 itemNotFound/);
    expect(String(failures[1])).toContain(handbook.externalId);
    expect(String(failures[1])).toContain('500');
  });
});
