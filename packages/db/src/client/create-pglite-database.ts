import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { drizzle } from 'drizzle-orm/pglite';
import { ClarifyError, describeError } from '@clarify/core';
import * as schema from '../schema';
import type { AppDatabase, Database } from './database';
import { acquireDataDirLock } from './data-dir-lock';
import { createKeyLock } from './key-lock';

export type PgliteDatabaseOptions =
  /** A folder owned by this process (the embedded default), created if missing. */
  | { dataDir: string }
  /** A throwaway in-memory database. */
  | { memory: true }
  /** An instance the caller made (tests clone a migrated template). */
  | { client: PGlite };

export type PgliteDatabase = Database & { readonly client: PGlite };

/** Opens the embedded PGlite database with the pgvector extension. */
export async function createPgliteDatabase(
  options: PgliteDatabaseOptions,
): Promise<PgliteDatabase> {
  const release = 'dataDir' in options ? acquireDataDirLock(options.dataDir) : () => {};
  let client: PGlite;
  try {
    client = 'client' in options ? options.client : await openClient(options);
  } catch (error) {
    release();
    throw new ClarifyError(
      'database_unavailable',
      `could not open the embedded database: ${describeError(error)}`,
      { cause: error },
    );
  }
  const locks = createKeyLock();
  const db = drizzle({ client, schema }) as unknown as AppDatabase;
  return {
    driver: 'pglite',
    db,
    client,
    description:
      'dataDir' in options ? `PGlite at ${resolve(options.dataDir)}` : 'PGlite in memory',
    tryWithLock: locks.tryWithLock,
    withLock: locks.withLock,
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}

function openClient(options: { dataDir: string } | { memory: true }): Promise<PGlite> {
  const extensions = { vector };
  if ('memory' in options) return PGlite.create({ extensions });
  return PGlite.create({ dataDir: join(resolve(options.dataDir), 'pgdata'), extensions });
}
