import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const workerDir = fileURLToPath(new URL('..', import.meta.url));

describe('the worker process', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('runs on the embedded database and exits 0 soon after SIGTERM (LF-5)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'clarify-worker-process-'));
    folders.push(folder);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: workerDir,
      env: {
        PATH: process.env.PATH,
        CLARIFY_DATA_DIR: join(folder, 'data'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines: string[] = [];
    let errors = '';
    child.stderr.on('data', (data: Buffer) => (errors += data.toString()));
    const running = new Promise<void>((resolve, reject) => {
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (line.includes('Clarify worker is running')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited ${code} before running`)));
    });
    await running;
    const stopping = Date.now();
    child.kill('SIGTERM');
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
      child.once('exit', (exitCode, exitSignal) => resolve([exitCode, exitSignal])),
    );
    expect({ code, signal }, `${lines.join('\n')}\n${errors}`).toEqual({ code: 0, signal: null });
    expect(Date.now() - stopping).toBeLessThan(15_000);
    expect(lines.some((line) => line.includes('"msg":"stopped"'))).toBe(true);
    const started: unknown = JSON.parse(
      lines.find((line) => line.includes('worker is running')) ?? '{}',
    );
    expect(started).toMatchObject({ queue: 'in-process', level: 30 });
  });
});
