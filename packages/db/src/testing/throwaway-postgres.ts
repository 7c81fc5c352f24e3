import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type ThrowawayPostgres = { url: string; stop(): Promise<void> };

/**
 * Finds PostgreSQL server binaries installed on this machine (Debian layout), or null.
 * No pgvector here: this server is for what needs several real connections (advisory locks,
 * connection failures), not for the knowledge-base suites.
 */
export function findPostgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** Starts a fresh PostgreSQL on a free port of 127.0.0.1 in a temp folder; stop() removes it. */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const folder = mkdtempSync(join(tmpdir(), 'clarify-pg-'));
  const dataDir = join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  // Postgres refuses to run as root: run it as the `postgres` user then.
  if (asRoot) chownSync(folder, ...(await postgresUserIds()));
  const exec = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args])
      : run(join(bin, command), args);

  const port = await freePort();
  await exec('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  await exec('pg_ctl', [
    '-D',
    dataDir,
    '-w',
    '-l',
    join(folder, 'server.log'),
    '-o',
    `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await exec('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function postgresUserIds(): Promise<[number, number]> {
  const { stdout: uid } = await run('id', ['-u', 'postgres']);
  const { stdout: gid } = await run('id', ['-g', 'postgres']);
  return [Number(uid.trim()), Number(gid.trim())];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
