import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeConfluence,
  startFakeSharePoint,
  type FakeConfluence,
  type FakeSharePoint,
} from '@clarify/testing';
import { runCli } from './run-cli';

// Each step is a real `clarify` process against a local fake of the service's API.
const STEPS_MS = 420_000;

let workspace: string;
beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'clarify-connectors-'));
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('clarify sources add confluence | sharepoint, then reindex', () => {
  it(
    'indexes a Confluence space under its page tree, never a restricted page, the token from its variable',
    async () => {
      const confluence: FakeConfluence = await startFakeConfluence();
      try {
        confluence.page({ id: '100', space: 'HR', title: 'Handbook', body: '<p>Start here.</p>' });
        confluence.page({
          id: '101',
          space: 'HR',
          title: 'Leave policy',
          parentId: '100',
          body: '<h2>Vacation days</h2><p>Everyone gets 27 vacation days a year.</p>',
        });
        confluence.page({
          id: '102',
          space: 'HR',
          title: 'Salary bands',
          parentId: '100',
          body: '<p>Band 4 starts at 61,000 EUR.</p>',
        });
        confluence.restrict('102');
        const cli = (...args: string[]) =>
          runCli(['--data-dir', join(workspace, 'confluence'), ...args], {
            env: { CONFLUENCE_TOKEN: confluence.token },
          });
        const added = await cli(
          'sources',
          'add',
          'confluence',
          '--id',
          'wiki',
          '--base-url',
          confluence.url,
          '--space',
          'HR',
          '--email',
          confluence.email,
          '--token-env',
          'CONFLUENCE_TOKEN',
        );
        expect(added.stderr).toBe('');
        const run = await cli('reindex', 'wiki', '--json');
        expect(run.code).toBe(0);
        const job = JSON.parse(run.stdout) as { documentsIndexed: number; errors: unknown[] };
        expect(job.documentsIndexed).toBe(2);
        expect(job.errors).toEqual([
          { path: '102', message: expect.stringMatching(/^not indexed: .*restrict/i) as string },
        ]);
        const found = await cli('search', 'how many vacation days', '--json');
        const passages = JSON.parse(found.stdout) as { heading: string; text: string }[];
        expect(passages[0]?.heading).toMatch(/Handbook › Leave policy › Vacation days/);
        expect(found.stdout).not.toContain('61,000');
        // No token in the database: only the variable's name.
        const shown = await cli('sources', 'show', 'wiki', '--json');
        expect(shown.stdout).toContain('CONFLUENCE_TOKEN');
        expect(shown.stdout).not.toContain(confluence.token);
      } finally {
        await confluence.close();
      }
    },
    STEPS_MS,
  );

  it(
    'indexes a SharePoint library, and asks Graph only for what changed on the next run',
    async () => {
      const sharepoint: FakeSharePoint = await startFakeSharePoint({
        clientId: 'clarify-app',
        clientSecret: 'graph-secret',
      });
      try {
        sharepoint.file('Policies/leave.md', '# Leave\n\nEveryone gets 27 vacation days a year.');
        sharepoint.file('Policies/travel.md', '# Travel\n\nBook trains for trips under 500 km.');
        const cli = (...args: string[]) =>
          runCli(['--data-dir', join(workspace, 'sharepoint'), ...args], {
            env: { SHAREPOINT_SECRET: 'graph-secret' },
          });
        const added = await cli(
          'sources',
          'add',
          'sharepoint',
          '--id',
          'policies',
          '--site-url',
          sharepoint.siteUrl,
          '--tenant-id',
          sharepoint.tenantId,
          '--client-id',
          'clarify-app',
          '--client-secret-env',
          'SHAREPOINT_SECRET',
          '--graph-url',
          sharepoint.graphUrl,
          '--login-url',
          sharepoint.loginUrl,
        );
        expect(added.stderr).toBe('');
        const first = await cli('reindex', 'policies', '--json');
        expect(JSON.parse(first.stdout)).toMatchObject({
          status: 'succeeded',
          documentsIndexed: 2,
        });

        const before = sharepoint.requests().length;
        sharepoint.file(
          'Policies/leave.md',
          '# Leave\n\nEveryone gets 28 vacation days from 2027.',
        );
        const second = await cli('reindex', 'policies', '--json');
        expect(JSON.parse(second.stdout)).toMatchObject({
          documentsIndexed: 1,
          documentsUnchanged: 1,
        });
        const later = sharepoint.requests().slice(before);
        // The saved delta link: one delta page, one download, no listing from scratch.
        expect(later.filter((request) => request.path.endsWith('/content'))).toHaveLength(1);
        expect(
          later.filter((request) => request.path.endsWith('/root/delta')).length,
        ).toBeLessThanOrEqual(1);
        const found = await cli('search', 'vacation days', '--json');
        expect(found.stdout).toContain('28 vacation days');
      } finally {
        await sharepoint.close();
      }
    },
    STEPS_MS,
  );
});
