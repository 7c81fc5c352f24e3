import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { createPostgresDatabase } from '../src/client/create-postgres-database';
import {
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/testing';

const bin = findPostgresBinaries();

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}
if (!bin)
  console.warn('skipping real-server tests: no PostgreSQL binaries under /usr/lib/postgresql');

describe.skipIf(!bin)('on a real PostgreSQL server (several connections)', () => {
  let server: ThrowawayPostgres;
  beforeAll(async () => {
    server = await startThrowawayPostgres(bin as string);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('an advisory lock held by one process keeps another out until it is released (DI-4)', async () => {
    const first = await createPostgresDatabase({ url: server.url });
    const second = await createPostgresDatabase({ url: server.url });
    try {
      const held = deferred();
      const inside = deferred();
      const running = first.tryWithLock('clarify:index:kb', async () => {
        inside.resolve();
        await held.promise;
        return 'first';
      });
      await inside.promise;
      expect(await second.tryWithLock('clarify:index:kb', () => Promise.resolve('second'))).toEqual(
        { acquired: false },
      );
      expect(
        await second.tryWithLock('clarify:index:other', () => Promise.resolve('other')),
      ).toEqual({ acquired: true, value: 'other' });
      held.resolve();
      expect(await running).toEqual({ acquired: true, value: 'first' });
      expect(await second.tryWithLock('clarify:index:kb', () => Promise.resolve('second'))).toEqual(
        { acquired: true, value: 'second' },
      );
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('withLock waits for the holder instead of failing', async () => {
    const first = await createPostgresDatabase({ url: server.url });
    const second = await createPostgresDatabase({ url: server.url });
    try {
      const order: string[] = [];
      const held = deferred();
      const inside = deferred();
      const a = first.withLock('clarify:migrations', async () => {
        inside.resolve();
        await held.promise;
        order.push('first');
      });
      await inside.promise;
      const b = second.withLock('clarify:migrations', () => {
        order.push('second');
        return Promise.resolve();
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(order).toEqual([]);
      held.resolve();
      await Promise.all([a, b]);
      expect(order).toEqual(['first', 'second']);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('a server that goes away is reported to the pool handler, and a dead server fails fast (LF-4)', async () => {
    const poolErrors: Error[] = [];
    const database = await createPostgresDatabase({
      url: server.url,
      onPoolError: (error) => poolErrors.push(error),
    });
    await server.stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    const started = Date.now();
    const error = await createPostgresDatabase({
      url: server.url,
      connectionTimeoutMs: 2_000,
    }).catch((caught: unknown) => caught);
    expect(isClarifyError(error, 'database_unavailable')).toBe(true);
    expect((error as Error).message).toMatch(
      /^cannot connect to Postgres at 127\.0\.0\.1:\d+\/postgres/,
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(poolErrors.length).toBeGreaterThanOrEqual(1);
    await database.close();
  });
});
