import type { QuestionLog } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { questionLog } from '../schema';

/** The questions asked, in Postgres (`question_log`): one row per question, never updated. */
export function createPgQuestionLog(db: AppDatabase): QuestionLog {
  return {
    async record(entry) {
      await db.insert(questionLog).values({ ...entry, totalMs: Math.round(entry.totalMs) });
    },
  };
}
