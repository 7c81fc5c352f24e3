import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mentionEvent,
  sendSlackEvent,
  startFakeSlackApi,
  type FakeSlackApi,
} from '@clarify/testing';

const appDir = fileURLToPath(new URL('..', import.meta.url));
const SECRET = 'main-test-secret';

let fake: FakeSlackApi;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeSlackApi();
  dataDir = await mkdtemp(join(tmpdir(), 'clarify-slack-main-'));
});
afterAll(async () => {
  await fake.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** `pnpm --filter @clarify/slack start`, as a process, with only the given environment. */
function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: appDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function until<T>(probe: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('pnpm --filter @clarify/slack start', () => {
  it('refuses a bad configuration with one line naming the variable', async () => {
    const { child, output } = startMain({
      SLACK_SIGNING_SECRET: SECRET,
      CLARIFY_DATA_DIR: dataDir,
    });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(output()).toMatch(
      /^clarify-slack: invalid Slack configuration: SLACK_BOT_TOKEN is required$/m,
    );
  });

  it('serves the sample knowledge base, answers a mention, and stops cleanly on SIGTERM', async () => {
    const { child, output } = startMain({
      SLACK_BOT_TOKEN: 'xoxb-main-test',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: fake.url,
      PORT: '0',
      CLARIFY_DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    });
    try {
      const port = await until(
        () => /"port":(\d+)[^\n]*Clarify for Slack is running/.exec(output())?.[1],
        90_000,
        'the app to start',
      );
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ready: true,
        checks: { database: 'ok', migrations: 'current', llm: 'offline' },
      });
      const ts = fake.seedMessage('C0MAIN', { user: 'U0MAIN', text: 'What is a PIP?' });
      const event = mentionEvent({
        channel: 'C0MAIN',
        user: 'U0MAIN',
        text: 'What is a PIP?',
        ts,
        botUserId: fake.botUserId,
      });
      const response = await sendSlackEvent(`http://127.0.0.1:${port}`, SECRET, event, {
        teamId: fake.teamId,
      });
      expect(response.status).toBe(200);
      await fake.waitFor(
        (call) => call.method === 'chat.update' && call.args.channel === 'C0MAIN',
        20_000,
      );
      const scraped = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(scraped).toMatch(/clarify_questions_total\{platform="slack",decision="[a-z-]+"\} 1/);
      expect(scraped).toMatch(/clarify_stage_duration_seconds_count\{stage="retrieve"\} [1-9]/);
      // RG-3: no token or secret in the logs, and no question text at info level.
      expect(output()).not.toMatch(/xoxb-main-test/);
      expect(output()).not.toContain(SECRET);
      expect(output()).not.toContain('What is a PIP?');
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(0);
    expect(output()).toMatch(/stopping: finishing the questions in flight/);
  }, 120_000);

  it('says what to check when Slack cannot be reached with the token', async () => {
    const { child, output } = startMain({
      SLACK_BOT_TOKEN: 'xoxb-unreachable',
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: 'http://127.0.0.1:9/api/',
      SLACK_MAX_RETRIES: '0',
      CLARIFY_DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    const [code] = (await once(child, 'exit')) as [number];
    expect(code).toBe(1);
    expect(output()).toMatch(/^clarify-slack: Slack auth\.test failed: .* check SLACK_BOT_TOKEN/m);
    expect(output()).not.toMatch(/xoxb-unreachable/);
  }, 60_000);
});
