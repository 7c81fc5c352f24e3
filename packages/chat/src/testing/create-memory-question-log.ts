import type { AnswerRecord, QuestionLog, QuestionRecord } from '@clarify/core';

/** A QuestionLog in memory that keeps what it was given, in order, for tests to read. */
export type MemoryQuestionLog = QuestionLog & {
  /** The questions recorded so far, oldest first (copies: later changes do not reach them). */
  readonly records: QuestionRecord[];
  /** What the answers with votes answered, oldest first. */
  readonly answers: AnswerRecord[];
};

/** The questions asked, in memory: for stores in tests that need no database. */
export function createMemoryQuestionLog(): MemoryQuestionLog {
  const records: QuestionRecord[] = [];
  const answers: AnswerRecord[] = [];
  return {
    records,
    answers,
    record(entry) {
      records.push(structuredClone(entry));
      return Promise.resolve();
    },
    answered(entry) {
      answers.push(structuredClone(entry));
      return Promise.resolve();
    },
  };
}
