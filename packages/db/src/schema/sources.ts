import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { SourceType } from '@clarify/core';

/** A place documents come from (a folder today; URLs and wikis later). */
export const sources = pgTable('sources', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  type: text('type').$type<SourceType>().notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  /** Cron expression for scheduled re-indexing; null = manual only. */
  schedule: text('schedule'),
  /** Audience tags allowed to read this source; empty = everyone. */
  audience: text('audience')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** What the source's connector kept from its last listing (a delta cursor); never secrets. */
  syncState: jsonb('sync_state'),
  status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
