import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FeedbackRating } from '@clarify/core';

/** A user's vote on an answer message: one row per user and message, updated when it changes. */
export const feedback = pgTable(
  'feedback',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    workspaceId: text('workspace_id').notNull(),
    channelId: text('channel_id').notNull(),
    /** The answer message: Slack's message ts, a Teams activity id. */
    messageId: text('message_id').notNull(),
    /** The opaque id rendered into the buttons. */
    answerId: text('answer_id').notNull(),
    userId: text('user_id').notNull(),
    rating: text('rating').$type<FeedbackRating>().notNull(),
    /** When the user gave the current rating. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('feedback_vote_key').on(
      table.platform,
      table.workspaceId,
      table.channelId,
      table.messageId,
      table.userId,
    ),
    // Ends with id so "the newest N votes" (created_at desc, id desc) is one backward index scan.
    index('feedback_created_idx').on(table.createdAt, table.id),
    check('feedback_rating_check', sql`${table.rating} in ('up', 'down')`),
  ],
);
