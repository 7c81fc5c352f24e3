import type { QuestionLog } from '@clarify/core';
import type { AppDatabase } from '../client/database';
import { answerLog, questionLog } from '../schema';

/**
 * The questions asked, in Postgres (`question_log`: one row per question, never updated), and
 * what each answer with votes answered (`answer_log`).
 */
export function createPgQuestionLog(db: AppDatabase): QuestionLog {
  return {
    async record(entry) {
      await db.insert(questionLog).values({ ...entry, totalMs: Math.round(entry.totalMs) });
    },
    async answered(entry) {
      await db.insert(answerLog).values(entry).onConflictDoNothing();
    },
  };
}
