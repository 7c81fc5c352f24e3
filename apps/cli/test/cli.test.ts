import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from './run-cli';

let workspace: string;
let docs: string;
let dataDir: string;

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'clarify-cli-'));
  docs = join(workspace, 'handbook');
  dataDir = join(workspace, 'data');
  await mkdir(join(docs, 'it'), { recursive: true });
  await writeFile(
    join(docs, 'it/vpn.md'),
    '# VPN\n\n## Reset\n\nReset the GlobalProtect password at https://id.example.com within 5 minutes.',
  );
  await writeFile(
    join(docs, 'leave.md'),
    '# Leave\n\nRotterdam employees get 16 weeks of parental leave.',
  );
  await writeFile(
    join(docs, 'notice.md'),
    '# Notice Periods\n\n## After probation\n\n| Country | Notice period |\n|---|---|\n| Ireland | one month |\n| New Zealand | 4 weeks |\n',
  );
  await writeFile(join(docs, 'broken.pdf'), '%PDF-1.7 this is not really a pdf');
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe('clarify CLI', () => {
  it('indexes a folder, reports the broken file, searches with --json and lists sources', async () => {
    const indexed = await runCli(['--data-dir', dataDir, 'index', docs]);
    expect(indexed.stderr).toBe('');
    expect(indexed.code).toBe(0);
    expect(indexed.stdout).toMatch(
      /Indexed handbook .*: 4 documents — 3 indexed, 0 unchanged, 1 with errors, 0 deleted/,
    );
    expect(indexed.stdout).toMatch(/skipped broken\.pdf: /);

    const searched = await runCli([
      '--data-dir',
      dataDir,
      'search',
      'reset my vpn password',
      '--json',
      '-k',
      '2',
    ]);
    expect(searched.code).toBe(0);
    const passages = JSON.parse(searched.stdout) as Array<Record<string, unknown>>;
    expect(passages[0]).toMatchObject({
      documentId: 'it/vpn.md',
      title: 'VPN',
      heading: 'VPN › Reset',
    });
    expect(Object.keys(passages[0] ?? {}).sort()).toEqual([
      'documentId',
      'heading',
      'score',
      'text',
      'title',
      'uri',
    ]);

    const listed = await runCli(['--data-dir', dataDir, 'sources']);
    expect(listed.stdout).toMatch(/^SOURCE\s+TYPE\s+DOCUMENTS\s+CHUNKS/m);
    expect(listed.stdout).toMatch(/^handbook\s+files\s+3\s+3\s/m);
  });

  it('asks a question and prints the reply as JSON, with --history for a follow-up', async () => {
    const asked = await runCli([
      '--data-dir',
      dataDir,
      'ask',
      'How do I reset the GlobalProtect password?',
      '--json',
    ]);
    expect(asked.stderr).toBe('');
    const reply = JSON.parse(asked.stdout) as {
      kind: string;
      citations: Array<{ documentId: string }>;
      options: unknown[];
    };
    expect(reply.kind).toBe('answer');
    expect(reply.citations[0]?.documentId).toBe('it/vpn.md');

    const history = join(workspace, 'history.json');
    await writeFile(
      history,
      JSON.stringify([
        { role: 'user', text: 'How many weeks of parental leave do Rotterdam employees get?' },
        { role: 'assistant', text: '16 weeks.' },
      ]),
    );
    const followUp = await runCli([
      '--data-dir',
      dataDir,
      'ask',
      'how do I request it?',
      '--history',
      history,
      '--explain',
    ]);
    expect(followUp.code).toBe(0);
    expect(followUp.stdout).toMatch(/^trace: \d+ ms, 0 LLM calls/m);
    expect(followUp.stdout).toMatch(/history-gate .*"dependsOnHistory":true/);

    const badHistory = await runCli([
      '--data-dir',
      dataDir,
      'ask',
      'x?',
      '--history',
      join(workspace, 'missing.json'),
    ]);
    expect(badHistory.code).not.toBe(0);
    expect(badHistory.stderr).toMatch(/^clarify: cannot read the history file/);
  });

  it('explains each reading: the table row it comes from and its qualifier', async () => {
    const asked = await runCli([
      '--data-dir',
      dataDir,
      'ask',
      'How long is the notice period?',
      '--explain',
    ]);
    expect(asked.code).toBe(0);
    expect(asked.stdout).toMatch(/How long is the notice period — Ireland\?/);
    expect(asked.stdout).toMatch(/Ireland — Notice period: one month\./);
    expect(asked.stdout).toMatch(
      /row Country: Ireland ← "Country: Ireland; Notice period: one month" \(notice\.md\)/,
    );
    expect(asked.stdout).toMatch(
      /row Country: New Zealand ← "Country: New Zealand; Notice period: 4 weeks" \(notice\.md\)/,
    );
  });

  it('fails with one clear line and a non-zero code', async () => {
    const missing = await runCli(['--data-dir', dataDir, 'index', join(workspace, 'nope')]);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toMatch(/^clarify: cannot read folder .*nope/);

    const badConfig = await runCli(['--data-dir', dataDir, 'sources'], {
      env: { EMBEDDING_DIMENSIONS: 'many' },
    });
    expect(badConfig.code).not.toBe(0);
    expect(badConfig.stderr).toMatch(/^clarify: invalid configuration: EMBEDDING_DIMENSIONS/);
  });

  it('serves the web console from clarify start, and refuses a second process on its data folder', async () => {
    const owner = spawn(process.execPath, [CLI, '--data-dir', dataDir, 'start', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const closed = new Promise((resolve) => owner.on('close', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let seen = '';
        owner.stdout.on('data', (data: Buffer) => {
          seen += data.toString();
          const running = /Clarify is running at (http:\/\/\S+)/.exec(seen);
          if (running?.[1]) resolve(running[1]);
        });
        owner.on('close', (code) => reject(new Error(`owner exited early with ${code}: ${seen}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Ask the documents');
      const second = await runCli(['--data-dir', dataDir, 'sources']);
      expect(second.code).not.toBe(0);
      expect(second.stderr).toContain(`in use by pid ${owner.pid}`);
    } finally {
      owner.kill('SIGINT');
    }
    expect(await closed).toBe(0);
    const after = await runCli(['--data-dir', dataDir, 'sources']);
    expect(after.code).toBe(0);
  });
});
