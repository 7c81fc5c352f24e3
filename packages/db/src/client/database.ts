import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { LockResult, TryWithLock } from '@clarify/core';
import type * as schema from '../schema';

export type Schema = typeof schema;
export type AppDatabase = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseDriver = 'pglite' | 'postgres';

export type { LockResult };

/** An open database: the drizzle handle plus what differs between the two drivers. */
export type Database = {
  readonly driver: DatabaseDriver;
  readonly db: AppDatabase;
  /** A short description for logs and status output (never contains a password). */
  readonly description: string;
  /**
   * Runs `task` while holding a session-level advisory lock named `key`, on a connection kept
   * for the duration. If another session holds it, returns `{ acquired: false }` at once.
   */
  readonly tryWithLock: TryWithLock;
  /** Like tryWithLock, but waits for the lock. */
  readonly withLock: <T>(key: string, task: () => Promise<T>) => Promise<T>;
  readonly close: () => Promise<void>;
};
