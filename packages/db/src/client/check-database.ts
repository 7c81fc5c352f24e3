import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from './database';
import { MIGRATIONS_FOLDER } from './migrate-database';
import { queryRows } from './query-rows';

/** How many migrations the database has applied of those this build ships. */
export type MigrationCount = { applied: number; expected: number };

/**
 * One round trip that proves the database answers, and tells whether its schema is this
 * build's: the applied migrations against the folder's. Throws when the database is unreachable.
 */
export async function checkDatabase(
  database: Database,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<MigrationCount> {
  const [row] = await queryRows<{ applied: number | string }>(
    database.db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  return {
    applied: Number(row?.applied ?? 0),
    expected: readMigrationFiles({ migrationsFolder }).length,
  };
}
