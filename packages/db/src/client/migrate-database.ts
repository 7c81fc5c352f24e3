import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationConfig } from 'drizzle-orm/migrator';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { ClarifyError, describeError } from '@clarify/core';
import type { Database, Schema } from './database';
import { queryRows } from './query-rows';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../../migrations', import.meta.url));
const MIGRATION_LOCK = 'clarify:migrations';

/**
 * Applies pending SQL migrations under an advisory lock (several processes may start at once),
 * then checks that every migration in the folder is recorded as applied (DI-6): drizzle only
 * applies migrations newer than the last one, so one merged with an older timestamp is caught here.
 */
export async function migrateDatabase(
  database: Database,
  migrationsFolder: string = MIGRATIONS_FOLDER,
): Promise<void> {
  const config: MigrationConfig = { migrationsFolder };
  await database.withLock(MIGRATION_LOCK, async () => {
    try {
      if (database.driver === 'pglite') {
        await migratePglite(database.db as unknown as PgliteDatabase<Schema>, config);
      } else {
        await migrateNodePostgres(database.db as unknown as NodePgDatabase<Schema>, config);
      }
    } catch (error) {
      throw new ClarifyError('migration_failed', `migration failed: ${describeError(error)}`, {
        cause: error,
      });
    }
    await assertAllMigrationsApplied(database, config);
  });
}

async function assertAllMigrationsApplied(database: Database, config: MigrationConfig) {
  const expected = readMigrationFiles(config);
  const applied = await queryRows<{ hash: string }>(
    database.db,
    sql`select hash from drizzle.__drizzle_migrations`,
  );
  const appliedHashes = new Set(applied.map((row) => row.hash));
  const missing = expected.findIndex((migration) => !appliedHashes.has(migration.hash));
  if (missing >= 0) {
    throw new ClarifyError(
      'migration_failed',
      `migration #${missing} in ${config.migrationsFolder} was skipped (applied: ${applied.length} of ${expected.length}); its timestamp is older than a migration already applied`,
    );
  }
}
