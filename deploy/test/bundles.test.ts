import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeSlackApi } from '@clarify/testing';
import { APPS, ROOT, type App } from './deploy-files';

const run = promisify(execFile);
type FakeSlack = Awaited<ReturnType<typeof startFakeSlackApi>>;

let slack: FakeSlack;
const folders: string[] = [];

beforeAll(async () => {
  slack = await startFakeSlackApi();
});
afterAll(async () => {
  await slack?.close();
  await Promise.all(folders.map((folder) => rm(folder, { recursive: true, force: true })));
});

/** What each app needs besides the image's own settings to start here. */
const ENVIRONMENT: Record<App, () => Record<string, string>> = {
  slack: () => ({
    SLACK_BOT_TOKEN: 'xoxb-bundle-test',
    SLACK_SIGNING_SECRET: 'bundle-signing-secret',
    SLACK_API_URL: slack.url,
    PORT: '0',
  }),
  teams: () => ({ TEAMS_INSECURE_LOCAL: '1', PORT: '0' }),
  web: () => ({ CLARIFY_WEB_HOST: '127.0.0.1', CLARIFY_WEB_PORT: '0' }),
  worker: () => ({ CLARIFY_WORKER_PORT: '0' }),
};

/**
 * The image's build step without Docker: the repository's tracked files copied to a fresh
 * folder, then `deploy/bundle.sh <app>` (the Dockerfile's RUN), offline from the pnpm store.
 */
async function bundle(app: App): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), `clarify-bundle-${app}-`));
  folders.push(folder);
  await run('sh', ['-c', `git ls-files -z | tar --null -T - -cf - | tar -C '${folder}' -xf -`], {
    cwd: ROOT,
  });
  await run('sh', ['deploy/bundle.sh', app], {
    cwd: folder,
    env: { ...process.env, BUNDLE_PNPM_FLAGS: '--offline', PNPM: pnpmCommand() },
    maxBuffer: 16 * 1024 * 1024,
  });
  return folder;
}

/**
 * The pnpm running these tests (`npx pnpm test` sets npm_execpath to its script), so the bundle
 * needs no pnpm on the PATH; `pnpm` otherwise.
 */
function pnpmCommand(): string {
  const script = process.env.npm_execpath;
  return script && /pnpm/.test(script) ? `${process.execPath} ${script}` : 'pnpm';
}

/** The image's command in the bundle's app folder, as its WORKDIR and CMD say. */
function start(folder: string, app: App, args: string[] = []) {
  const { DATABASE_URL: _url, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts', ...args], {
    cwd: join(folder, 'apps', app),
    env: {
      ...inherited,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      CLARIFY_DATA_DIR: join(folder, 'data'),
      ...ENVIRONMENT[app](),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (data: Buffer) => (output += data.toString()));
  child.stderr.on('data', (data: Buffer) => (output += data.toString()));
  return { child, output: () => output };
}

async function portOf(child: ChildProcess, output: () => string): Promise<number> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const port = /"port":(\d+)/.exec(output())?.[1];
    if (port) return Number(port);
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no port logged: ${output()}`);
}

describe('each image’s bundle (deploy/bundle.sh, the Dockerfiles’ build step)', () => {
  it.each(APPS)(
    '%s starts from its bundle, answers /healthz and /readyz, and stops on SIGTERM with 0',
    async (app) => {
      const folder = await bundle(app);
      const { child, output } = start(folder, app);
      const exited = once(child, 'exit');
      try {
        const port = await portOf(child, output);
        const health = await fetch(`http://127.0.0.1:${port}/healthz`);
        expect(health.status).toBe(200);
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(await ready.json()).toMatchObject({ ready: true });
        expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(200);
      } finally {
        child.kill('SIGTERM');
      }
      const [code] = (await exited) as [number | null];
      expect(code, output()).toBe(0);
      expect(output()).not.toContain('xoxb-bundle-test');
      expect(output()).not.toContain('bundle-signing-secret');
    },
  );

  it('applies the migrations with the worker image’s migrate command', async () => {
    const folder = await bundle('worker');
    const { child, output } = start(folder, 'worker', ['migrate']);
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code, output()).toBe(0);
    expect(output()).toContain('migrations applied');
  });
});
