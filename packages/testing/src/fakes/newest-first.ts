/** A stored row and the order it was first stored in, as an identity column numbers rows. */
export type Numbered<T extends { createdAt: Date }> = { number: number; row: T };

/**
 * The first `limit` rows by createdAt, newest first, a tie putting the row stored last first
 * (`order by created_at desc, id desc`); copies, so readers cannot change what is stored.
 */
export function newestFirst<T extends { createdAt: Date }>(
  rows: ReadonlyArray<Numbered<T>>,
  limit: number,
): T[] {
  if (limit <= 0) return [];
  return [...rows]
    .sort((a, b) => b.row.createdAt.getTime() - a.row.createdAt.getTime() || b.number - a.number)
    .slice(0, limit)
    .map(({ row }) => structuredClone(row));
}
