import { sql } from 'drizzle-orm';
import type { EventLog } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { queryRows } from '../client/query-rows';
import { processedEvents } from '../schema';

/**
 * Event claims in Postgres (`processed_events`). A claim is one INSERT … ON CONFLICT DO NOTHING
 * RETURNING: of any number of concurrent claims of a key, on any number of connections, exactly
 * one inserts the row and sees it returned.
 */
export function createPgEventLog(db: AppDatabase): EventLog {
  return {
    async claim(key, now) {
      const inserted = await db
        .insert(processedEvents)
        .values({ platform: key.platform, eventKey: key.key, createdAt: now })
        .onConflictDoNothing()
        .returning({ platform: processedEvents.platform });
      return inserted.length === 1;
    },

    async prune(olderThan) {
      // Counted in the database: a prune may remove many rows, none of which is needed here.
      const [row] = await queryRows<{ deleted: number }>(
        db,
        sql`with deleted as (
              delete from ${processedEvents}
              where ${processedEvents.createdAt} < ${olderThan.toISOString()}
              returning 1
            )
            select count(*)::int as deleted from deleted`,
      );
      return row?.deleted ?? 0;
    },
  };
}
