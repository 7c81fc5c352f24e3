import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ClarifyError, describeError } from '@clarify/core';
import * as schema from '../schema';
import type { AppDatabase, Database, LockResult } from './database';
import { createKeyLock } from './key-lock';

export type PostgresDatabaseOptions = {
  url: string;
  poolSize?: number;
  connectionTimeoutMs?: number;
  statementTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
};

/** Connects to a Postgres server (with pgvector) through node-postgres. */
export async function createPostgresDatabase(options: PostgresDatabaseOptions): Promise<Database> {
  const description = describeUrl(options.url);
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectionTimeoutMs ?? 5_000,
    statement_timeout: options.statementTimeoutMs ?? 30_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection must not crash the process (LF-4).
  pool.on('error', (error) => options.onPoolError?.(error));
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => {});
    throw new ClarifyError(
      'database_unavailable',
      `cannot connect to ${description}: ${describeError(error)}`,
      { cause: error, retryable: true },
    );
  }
  const db = drizzle({ client: pool, schema }) as unknown as AppDatabase;
  // In-process exclusion first (cheap, and it holds no pooled connection while waiting),
  // then the advisory lock for other processes.
  const local = createKeyLock();

  async function lockWith<T>(
    key: string,
    task: () => Promise<T>,
    wait: boolean,
  ): Promise<LockResult<T>> {
    const connection = await pool.connect();
    try {
      if (wait) {
        await connection.query('select pg_advisory_lock(hashtext($1))', [key]);
      } else {
        const result = await connection.query<{ ok: boolean }>(
          'select pg_try_advisory_lock(hashtext($1)) as ok',
          [key],
        );
        if (!result.rows[0]?.ok) return { acquired: false };
      }
      try {
        return { acquired: true, value: await task() };
      } finally {
        await connection.query('select pg_advisory_unlock(hashtext($1))', [key]);
      }
    } finally {
      connection.release();
    }
  }

  return {
    driver: 'postgres',
    db,
    description,
    async tryWithLock(key, task) {
      const result = await local.tryWithLock(key, () => lockWith(key, task, false));
      return result.acquired ? result.value : result;
    },
    async withLock(key, task) {
      const result = await local.withLock(key, () => lockWith(key, task, true));
      if (!result.acquired) throw new ClarifyError('database_locked', `lock ${key} not acquired`);
      return result.value;
    },
    close: () => pool.end(),
  };
}

/** host:port/database of a connection URL, without credentials. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `Postgres at ${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    return 'Postgres (unparseable DATABASE_URL)';
  }
}
