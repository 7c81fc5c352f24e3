import { sql } from 'drizzle-orm';
import type { WordCounts, WordFrequencies } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { queryRows } from '../client/query-rows';

/** Words counted per call; a question has far fewer content words. */
const MAX_WORDS = 32;

export type PgWordFrequenciesOptions = {
  /**
   * How long a count is reused. Counts change only when sources are re-indexed, and a weight
   * a few minutes old weighs a word just as well; common words, the costly ones to count,
   * recur in almost every question.
   */
  ttlMs?: number;
  /** Words whose counts are kept (the least recently counted go first). */
  maxWords?: number;
  now?: () => number;
};

type Cached = { value: number | null; at: number };

/**
 * Word frequencies from the full-text index: the chunks whose `tsv` matches each word as
 * Postgres's English configuration stems it ("produced" also counts "production"), each word a
 * GIN index lookup, all in one statement. A word is counted up to just over half the chunks:
 * beyond that every count weighs the same (BM25's IDF is at its floor), and the commonest words
 * are the costly ones. Counts are cached for `ttlMs`.
 */
export function createPgWordFrequencies(
  db: AppDatabase,
  options: PgWordFrequenciesOptions = {},
): WordFrequencies {
  const ttlMs = options.ttlMs ?? 10 * 60 * 1000;
  const maxWords = options.maxWords ?? 50_000;
  const now = options.now ?? Date.now;
  const counts = new Map<string, Cached>();
  let total: Cached | null = null;
  const fresh = (entry: Cached | null | undefined): entry is Cached =>
    entry !== null && entry !== undefined && now() - entry.at < ttlMs;

  async function countChunks(): Promise<number> {
    // An empty knowledge base is not remembered: its first index run is usually under way.
    if (fresh(total) && (total.value ?? 0) > 0) return total.value ?? 0;
    const [row] = await queryRows<{ chunks: number | string }>(
      db,
      sql`select count(*) as chunks from chunks`,
    );
    total = { value: Number(row?.chunks ?? 0), at: now() };
    return total.value ?? 0;
  }

  async function countWords(words: readonly string[], cap: number): Promise<void> {
    // Written out per word (not joined from unnest) so that each count uses the GIN index.
    const columns = words.map((word, index) => {
      const query = sql`plainto_tsquery('english', ${word})`;
      return sql`case when numnode(${query}) = 0 then null
        else (select count(*) from (select 1 from chunks where tsv @@ ${query} limit ${cap}) as held)
        end as ${sql.raw(`w${index}`)}`;
    });
    const [row] = await queryRows<Record<string, number | string | null>>(
      db,
      sql`select ${sql.join(columns, sql`, `)}`,
    );
    const at = now();
    words.forEach((word, index) => {
      const value = row?.[`w${index}`];
      counts.delete(word);
      counts.set(word, { value: value === null || value === undefined ? null : Number(value), at });
    });
    for (const word of counts.keys()) {
      if (counts.size <= maxWords) break;
      counts.delete(word);
    }
  }

  return {
    async count(words, { signal } = {}): Promise<WordCounts> {
      signal?.throwIfAborted();
      const asked = [...new Set(words.slice(0, MAX_WORDS))];
      const passages = await countChunks();
      const missing = asked.filter((word) => !fresh(counts.get(word)));
      if (passages === 0) return { passages, holding: words.map(() => 0) };
      if (missing.length > 0) await countWords(missing, Math.floor(passages / 2) + 1);
      signal?.throwIfAborted();
      return {
        passages,
        holding: words.map((word) => {
          const cached = counts.get(word);
          return cached === undefined || !asked.includes(word) ? null : cached.value;
        }),
      };
    },
  };
}
