import { createPgliteDatabase } from './create-pglite-database';
import { createPostgresDatabase } from './create-postgres-database';
import type { Database } from './database';
import { migrateDatabase } from './migrate-database';

export type OpenDatabaseOptions = {
  /** node-postgres connection string; when absent the embedded PGlite database is used. */
  databaseUrl?: string;
  /** Folder of the embedded database (ignored with databaseUrl). */
  dataDir: string;
  poolSize?: number;
  statementTimeoutMs?: number;
  onPoolError?: (error: Error) => void;
};

/** The one client factory: PGlite in a local folder, or Postgres when a URL is given; migrated. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await createPostgresDatabase({
        url: options.databaseUrl,
        poolSize: options.poolSize,
        statementTimeoutMs: options.statementTimeoutMs,
        onPoolError: options.onPoolError,
      })
    : await createPgliteDatabase({ dataDir: options.dataDir });
  try {
    await migrateDatabase(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
