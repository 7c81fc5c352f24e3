import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ClarifyError } from '@clarify/core';

const LOCK_FILE = 'clarify.lock';
const heldInThisProcess = new Set<string>();

/**
 * Takes ownership of an embedded data folder: PGlite is one process's database, a second
 * process opening the same files would corrupt them. Returns a release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const folder = resolve(dataDir);
  mkdirSync(folder, { recursive: true });
  const lockPath = join(folder, LOCK_FILE);
  if (heldInThisProcess.has(folder)) throw inUse(folder, process.pid);

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      heldInThisProcess.add(folder);
      const release = (): void => {
        if (!heldInThisProcess.delete(folder)) return;
        if (readOwner(lockPath) === process.pid) safeUnlink(lockPath);
        process.off('exit', release);
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if (!isAlreadyExists(error)) throw error;
      const owner = readOwner(lockPath);
      if (owner !== null && owner !== process.pid && isAlive(owner)) throw inUse(folder, owner);
      safeUnlink(lockPath); // stale: its owner is gone
    }
  }
  throw new ClarifyError('database_locked', `could not lock the data folder ${folder}`);
}

function inUse(folder: string, pid: number): ClarifyError {
  return new ClarifyError(
    'database_locked',
    `the data folder ${folder} is in use by pid ${pid}; stop that process or choose another --data-dir`,
  );
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isAlreadyExists(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EEXIST';
}

function safeUnlink(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
