import { sql } from 'drizzle-orm';
import type { WordCounts, WordFrequencies } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { queryRows } from '../client/query-rows';

/** Words counted per call; a question has far fewer content words. */
const MAX_WORDS = 32;

/**
 * Word frequencies from the full-text index: the chunks whose `tsv` matches each word as
 * Postgres's English configuration stems it ("produced" also counts "production"). One
 * statement; each word is a GIN index lookup.
 */
export function createPgWordFrequencies(db: AppDatabase): WordFrequencies {
  return {
    async count(words, options = {}): Promise<WordCounts> {
      options.signal?.throwIfAborted();
      const asked = words.slice(0, MAX_WORDS);
      // Written out per word (not joined from unnest) so that each count uses the GIN index.
      const counts = asked.map((word, index) => {
        const query = sql`plainto_tsquery('english', ${word})`;
        return sql`case when numnode(${query}) = 0 then null
          else (select count(*) from chunks where tsv @@ ${query}) end as ${sql.raw(`w${index}`)}`;
      });
      const [row] = await queryRows<Record<string, number | string | null>>(
        db,
        sql`select (select count(*) from chunks) as passages
          ${asked.length > 0 ? sql`, ${sql.join(counts, sql`, `)}` : sql``}`,
      );
      options.signal?.throwIfAborted();
      const holding = words.map((_, index) => {
        const value = row?.[`w${index}`];
        return value === null || value === undefined ? null : Number(value);
      });
      return { passages: Number(row?.passages ?? 0), holding };
    },
  };
}
