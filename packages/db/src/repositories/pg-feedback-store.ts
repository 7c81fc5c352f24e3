import { desc, or, sql } from 'drizzle-orm';
import type { Feedback, FeedbackStore } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { feedback } from '../schema';

const DEFAULT_LIMIT = 100;

/**
 * Votes in Postgres (`feedback`), one row per user and message. Recording is one upsert that
 * updates only when the rating or the answer differs, so a repeated vote leaves the row as it was.
 */
export function createPgFeedbackStore(db: AppDatabase): FeedbackStore {
  return {
    async record(vote) {
      await db
        .insert(feedback)
        .values(vote)
        .onConflictDoUpdate({
          target: [
            feedback.platform,
            feedback.workspaceId,
            feedback.channelId,
            feedback.messageId,
            feedback.userId,
          ],
          set: {
            rating: sql`excluded.rating`,
            answerId: sql`excluded.answer_id`,
            createdAt: sql`excluded.created_at`,
          },
          setWhere: or(
            sql`${feedback.rating} <> excluded.rating`,
            sql`${feedback.answerId} <> excluded.answer_id`,
          ),
        });
    },

    async list(options = {}) {
      const limit = options.limit ?? DEFAULT_LIMIT;
      if (limit <= 0) return [];
      const rows = await db
        .select()
        .from(feedback)
        .orderBy(desc(feedback.createdAt), desc(feedback.id))
        .limit(limit);
      return rows.map(({ id: _id, ...vote }): Feedback => vote);
    },
  };
}
