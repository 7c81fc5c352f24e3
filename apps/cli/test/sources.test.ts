import { mkdtemp, mkdir, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

let workspace: string;
let docs: string;
let cli: (...args: string[]) => ReturnType<typeof runCli>;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'clarify-sources-'));
  docs = join(workspace, 'policies');
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, 'leave.md'), '# Leave\n\nEveryone gets 25 days of annual leave.');
  await writeFile(join(docs, 'travel.md'), '# Travel\n\nBook trains over flights under 500 km.');
  cli = (...args) => runCli(['--data-dir', join(workspace, 'data'), ...args]);
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

// Each step is a real `clarify` process (a second or two each, more on a busy machine).
const STEPS_MS = 240_000;

describe('clarify sources, reindex and jobs', () => {
  it(
    'adds a source with a schedule, indexes it on demand and lists it with its runs',
    async () => {
      const added = await cli(
        'sources',
        'add',
        'files',
        '--id',
        'policies',
        '--path',
        docs,
        '--schedule',
        '0 3 * * *',
      );
      expect(added.stderr).toBe('');
      expect(added.stdout).toMatch(
        /Saved source policies \(files: .*policies\), schedule 0 3 \* \* \*/,
      );

      const first = await cli('reindex', 'policies', '--json');
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({ status: 'succeeded', documentsIndexed: 2 });

      await unlink(join(docs, 'travel.md'));
      const second = await cli('reindex', 'policies');
      expect(second.stdout).toMatch(
        /: 1 documents — 0 indexed, 1 unchanged, 0 with errors, 1 deleted/,
      );

      const full = await cli('reindex', 'policies', '--full', '--json');
      expect(JSON.parse(full.stdout)).toMatchObject({ documentsIndexed: 1, documentsUnchanged: 0 });

      const listed = await cli('sources', '--json');
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({
          id: 'policies',
          type: 'files',
          documents: 1,
          chunks: 1,
          schedule: '0 3 * * *',
          lastIndexedAt: expect.stringMatching(/^\d{4}-/) as unknown,
        }),
      ]);

      const jobs = await cli('jobs', '--json');
      expect(
        (JSON.parse(jobs.stdout) as { trigger: string; status: string }[]).map((job) => [
          job.trigger,
          job.status,
        ]),
      ).toEqual([
        ['cli', 'succeeded'],
        ['cli', 'succeeded'],
        ['cli', 'succeeded'],
      ]);

      const manual = await cli('sources', 'set-schedule', 'policies', 'none');
      expect(manual.stdout).toMatch(/on demand only/);
      const shown = await cli('sources', 'show', 'policies');
      expect(shown.stdout).toMatch(/schedule manual; audience everyone/);
      expect(shown.stdout).toMatch(/job 3 cli succeeded/);
    },
    STEPS_MS,
  );

  it(
    'refuses a bad schedule, a missing setting, an unknown type and an unknown source by name',
    async () => {
      const schedule = await cli(
        'sources',
        'add',
        'files',
        '--id',
        'x',
        '--path',
        docs,
        '--schedule',
        '99 * * * *',
      );
      expect([schedule.code, schedule.stderr]).toEqual([
        1,
        expect.stringMatching(/"99 \* \* \* \*" is not a cron schedule/),
      ]);
      const missing = await cli('sources', 'add', 'files', '--id', 'x');
      expect(missing.stderr).toMatch(/path/);
      const type = await cli('sources', 'add', 'wiki', '--id', 'x');
      expect(type.stderr).toMatch(/unknown source type "wiki"; use files/);
      const unknown = await cli('reindex', 'nothing-here');
      expect([unknown.code, unknown.stderr]).toEqual([
        1,
        expect.stringMatching(/there is no source "nothing-here"/),
      ]);
      const listed = await cli('sources', '--json');
      expect((JSON.parse(listed.stdout) as { id: string }[]).map((source) => source.id)).toEqual([
        'policies',
      ]);
    },
    STEPS_MS,
  );

  it(
    'applies the sources a YAML file declares, or names the line that is wrong',
    async () => {
      const file = join(workspace, 'clarify.config.yaml');
      await writeFile(
        file,
        'sources:\n  - id: declared\n    type: files\n    path: ./policies\n    schedule: "30 2 * * 1"\n',
      );
      const applied = await cli('sources', 'apply', file);
      expect(applied.stdout).toMatch(/Applied 1 sources: declared/);
      const shown = JSON.parse((await cli('sources', 'show', 'declared', '--json')).stdout) as {
        settings: { path: string };
        schedule: string;
      };
      expect(shown).toMatchObject({ settings: { path: docs }, schedule: '30 2 * * 1' });
      await writeFile(file, 'sources:\n  - id: declared\n    type: files\n    paht: ./policies\n');
      const broken = await cli('sources', 'apply', file);
      expect([broken.code, broken.stderr]).toEqual([
        1,
        expect.stringMatching(/clarify\.config\.yaml line 2: sources\[0\]/),
      ]);
      await cli('sources', 'remove', 'declared');
    },
    STEPS_MS,
  );

  it(
    'removes a source with documents only when told so',
    async () => {
      const refused = await cli('sources', 'remove', 'policies');
      expect([refused.code, refused.stderr]).toEqual([
        1,
        expect.stringMatching(/re-run with --yes/),
      ]);
      const removed = await cli('sources', 'remove', 'policies', '--yes');
      expect(removed.stdout).toMatch(/Removed source policies and its 1 documents/);
      expect(JSON.parse((await cli('sources', '--json')).stdout)).toEqual([]);
    },
    STEPS_MS,
  );
});
