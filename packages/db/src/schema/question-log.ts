import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { QuestionDecision } from '@clarify/core';

/** Every question the bot was asked on a chat platform and what became of it; append-only. */
export const questionLog = pgTable(
  'question_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    workspaceId: text('workspace_id').notNull(),
    channelId: text('channel_id').notNull(),
    threadId: text('thread_id').notNull(),
    userId: text('user_id').notNull(),
    /** The question as the user wrote it. */
    text: text('text').notNull(),
    /** The standalone question when the thread rewrote it, else null. */
    interpretedAs: text('interpreted_as'),
    decision: text('decision').$type<QuestionDecision>().notNull(),
    /** Time from receiving the question to the reply, in milliseconds. */
    totalMs: integer('total_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Ends with id so "the newest N questions" (created_at desc, id desc) is one backward index
    // scan; the analytics read a created_at range of it.
    index('question_log_created_idx').on(table.createdAt, table.id),
    check(
      'question_log_decision_check',
      sql`${table.decision} in ('answer', 'clarify', 'no-answer', 'failed')`,
    ),
  ],
);

/**
 * What each answer with 👍/👎 buttons answered: its question and the reading chosen, joined to
 * `feedback` by `answer_id` for the answers people marked 👎; append-only.
 */
export const answerLog = pgTable(
  'answer_log',
  {
    answerId: text('answer_id').primaryKey(),
    platform: text('platform').notNull(),
    workspaceId: text('workspace_id').notNull(),
    channelId: text('channel_id').notNull(),
    threadId: text('thread_id').notNull(),
    userId: text('user_id').notNull(),
    /** The question as understood (the thread's rewrite when there was one). */
    question: text('question').notNull(),
    /** The reading chosen from a clarification, else null. */
    reading: text('reading'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('answer_log_created_idx').on(table.createdAt)],
);
