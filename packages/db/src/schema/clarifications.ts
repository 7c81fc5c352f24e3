import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Interpretation, Passage } from '@clarify/core';

/** A passage as stored in JSON: `updatedAt` is an ISO 8601 string (or null). */
export type PassageRecord = Omit<Passage, 'updatedAt'> & { updatedAt: string | null };

/** An interpretation as stored in JSON, its passages (with their text) included. */
export type InterpretationRecord = Omit<Interpretation, 'passages'> & {
  passages: PassageRecord[];
};

/**
 * A clarification behind a message's buttons: the options (interpretations) and, once the user
 * clicks, the one chosen. Buttons carry only `id` (an opaque random id) and an option id.
 */
export const clarifications = pgTable('clarifications', {
  id: text('id').primaryKey(),
  platform: text('platform').notNull(),
  workspaceId: text('workspace_id').notNull(),
  channelId: text('channel_id').notNull(),
  threadId: text('thread_id').notNull(),
  /** The user who asked the question. */
  userId: text('user_id').notNull(),
  question: text('question').notNull(),
  interpretedAs: text('interpreted_as'),
  /** The options in order: option id "1" is element 0. */
  interpretations: jsonb('interpretations').$type<InterpretationRecord[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** "1".."n" or "all"; null until chosen, then never changed. */
  chosenOptionId: text('chosen_option_id'),
  chosenAt: timestamp('chosen_at', { withTimezone: true }),
});
