import type { SQL } from 'drizzle-orm';
import type { AppDatabase } from './database';

/** Runs raw SQL and returns its rows, on either driver. */
export async function queryRows<T>(db: AppDatabase, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
