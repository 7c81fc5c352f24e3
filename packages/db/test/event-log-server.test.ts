import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { createPostgresDatabase } from '../src/client/create-postgres-database';
import type { Database } from '../src/client/database';
import { MIGRATIONS_FOLDER } from '../src/client/migrate-database';
import { createPgEventLog } from '../src/repositories/pg-event-log';
import {
  findPostgresBinaries,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../src/testing';

const bin = findPostgresBinaries();
if (!bin)
  console.warn('skipping real-server tests: no PostgreSQL binaries under /usr/lib/postgresql');

/**
 * The throwaway server has no pgvector, so not every migration applies: only the one creating
 * `processed_events`, as generated, which needs none.
 */
async function createProcessedEvents(database: Database): Promise<void> {
  const migration = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).find((m) =>
    m.sql.some((statement) => statement.includes('CREATE TABLE "processed_events"')),
  );
  if (!migration) throw new Error('no migration creates processed_events');
  for (const statement of migration.sql) await database.db.execute(sql.raw(statement));
}

describe.skipIf(!bin)('EventLog on a real PostgreSQL server (two processes)', () => {
  let server: ThrowawayPostgres;
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    server = await startThrowawayPostgres(bin as string);
    first = await createPostgresDatabase({ url: server.url });
    second = await createPostgresDatabase({ url: server.url });
    await createProcessedEvents(first);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await server?.stop();
  });

  it('lets exactly one of 20 claims of an event win across two connection pools (SL-3)', async () => {
    const [one, other] = [createPgEventLog(first.db), createPgEventLog(second.db)];
    for (let round = 0; round < 5; round++) {
      const event = { platform: 'slack', key: `T1:Ev${round}` };
      const claims = await Promise.all(
        Array.from({ length: 20 }, (_, index) => (index % 2 ? other : one).claim(event)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
    }
  });
});
