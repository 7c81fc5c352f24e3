import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Citation } from '@clarify/core';

/** A citation as stored in JSON: `updatedAt` is an ISO 8601 string (or null). */
export type CitationRecord = Omit<Citation, 'updatedAt'> & { updatedAt: string | null };

/**
 * One message of a chat thread, the bot's own answers and their citations included. A thread is
 * identified by its key columns alone; there is no parent `conversations` row.
 */
export const conversationTurns = pgTable(
  'conversation_turns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    platform: text('platform').notNull(),
    workspaceId: text('workspace_id').notNull(),
    channelId: text('channel_id').notNull(),
    threadId: text('thread_id').notNull(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    /** The user who wrote the message; null for the assistant. */
    userId: text('user_id'),
    text: text('text').notNull(),
    /** The standalone question the message was rewritten to, if it was. */
    rewrittenText: text('rewritten_text'),
    citations: jsonb('citations').$type<CitationRecord[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Ends with id so "the last N turns" (created_at desc, id desc) is one backward index scan.
    index('conversation_turns_thread_created_idx').on(
      table.platform,
      table.workspaceId,
      table.channelId,
      table.threadId,
      table.createdAt,
      table.id,
    ),
    check('conversation_turns_role_check', sql`${table.role} in ('user', 'assistant')`),
  ],
);
