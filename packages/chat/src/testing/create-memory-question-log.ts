import type { QuestionLog, QuestionRecord } from '@clarify/core';

/** A QuestionLog in memory that keeps what it was given, in order, for tests to read. */
export type MemoryQuestionLog = QuestionLog & {
  /** The questions recorded so far, oldest first (copies: later changes do not reach them). */
  readonly records: QuestionRecord[];
};

/** The questions asked, in memory: for stores in tests that need no database. */
export function createMemoryQuestionLog(): MemoryQuestionLog {
  const records: QuestionRecord[] = [];
  return {
    records,
    record(entry) {
      records.push(structuredClone(entry));
      return Promise.resolve();
    },
  };
}
