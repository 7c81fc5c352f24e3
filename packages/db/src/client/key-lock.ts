import type { LockResult } from './database';

/** In-process named locks, for the single-connection embedded database. */
export function createKeyLock() {
  const tails = new Map<string, Promise<void>>();

  async function withLock<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const current = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => current);
    tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (tails.get(key) === tail) tails.delete(key);
    }
  }

  async function tryWithLock<T>(key: string, task: () => Promise<T>): Promise<LockResult<T>> {
    if (tails.has(key)) return { acquired: false };
    return { acquired: true, value: await withLock(key, task) };
  }

  return { withLock, tryWithLock };
}
