import { inArray } from 'drizzle-orm';
import type { AppDatabase } from '../client/database';
import { chunks } from '../schema';

/** The text of each chunk id given (ids as citations carry them); unknown ids are absent. */
export async function loadChunkTexts(
  db: AppDatabase,
  chunkIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(chunkIds)].map(Number).filter(Number.isSafeInteger);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: chunks.id, text: chunks.text })
    .from(chunks)
    .where(inArray(chunks.id, ids));
  return new Map(rows.map((row) => [String(row.id), row.text]));
}
