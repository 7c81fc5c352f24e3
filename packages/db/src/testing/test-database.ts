import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { sql } from 'drizzle-orm';
import { createPgliteDatabase } from '../client/create-pglite-database';
import { createPostgresDatabase } from '../client/create-postgres-database';
import type { Database } from '../client/database';
import { migrateDatabase } from '../client/migrate-database';

/**
 * Where a test database lives:
 * - `pglite`: in-process PGlite (the embedded default);
 * - `pg-socket`: the same PGlite served over the Postgres wire protocol on 127.0.0.1 and
 *   reached through node-postgres, to test the production driver path;
 * - `postgres`: the server in DATABASE_URL (tables are emptied first; run files serially).
 */
export type TestDatabaseKind = 'pglite' | 'pg-socket' | 'postgres';

/** The kinds a database suite runs on: DATABASE_URL replaces the two embedded kinds. */
export function testDatabaseKinds(
  env: Record<string, string | undefined> = process.env,
): TestDatabaseKind[] {
  return env.DATABASE_URL ? ['postgres'] : ['pglite', 'pg-socket'];
}

let template: Promise<PGlite> | null = null;

/** A migrated in-memory PGlite, made once per test worker and cloned per database. */
function migratedTemplate(): Promise<PGlite> {
  template ??= (async () => {
    const client = await PGlite.create({ extensions: { vector } });
    const database = await createPgliteDatabase({ client });
    await migrateDatabase(database);
    return client;
  })();
  return template;
}

/** A fresh, migrated, empty database of the given kind. Close it after the test. */
export async function createTestDatabase(kind: TestDatabaseKind): Promise<Database> {
  if (kind === 'postgres') return openServerDatabase();
  const client = (await (await migratedTemplate()).clone()) as PGlite;
  if (kind === 'pglite') return createPgliteDatabase({ client });

  const server = new PGLiteSocketServer({
    db: client,
    port: 0,
    host: '127.0.0.1',
    maxConnections: 8,
  });
  await server.start();
  const database = await createPostgresDatabase({
    url: `postgres://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
    poolSize: 4,
  });
  return {
    ...database,
    async close() {
      await database.close();
      await server.stop();
      await client.close();
    },
  };
}

async function openServerDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set');
  const database = await createPostgresDatabase({ url });
  await migrateDatabase(database);
  await database.db.execute(
    sql`truncate sources, documents, chunks, index_jobs, conversation_turns, clarifications,
        processed_events, feedback, audit_log, question_log, answer_log cascade`,
  );
  return database;
}
