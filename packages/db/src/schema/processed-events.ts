import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Platform events claimed for handling (RELIABILITY SL-3): the primary key makes a second
 * claim of the same event a no-op. Old rows are pruned; redeliveries stop within minutes.
 */
export const processedEvents = pgTable(
  'processed_events',
  {
    platform: text('platform').notNull(),
    /** Unique per platform, e.g. Slack's `${teamId}:${eventId}`. */
    eventKey: text('event_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'processed_events_pkey', columns: [table.platform, table.eventKey] }),
    index('processed_events_created_at_idx').on(table.createdAt),
  ],
);
