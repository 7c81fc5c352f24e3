/** What became of a question: core's reply kind, or 'failed' when no reply reached the user. */
export type QuestionDecision = 'answer' | 'clarify' | 'no-answer' | 'failed';

/** One question the bot was asked on a chat platform, and what became of it. */
export type QuestionRecord = {
  platform: string;
  workspaceId: string;
  channelId: string;
  threadId: string;
  userId: string;
  /** The question as the user wrote it. */
  text: string;
  /** The standalone question when the thread rewrote it (settled by the thread), else null. */
  interpretedAs: string | null;
  decision: QuestionDecision;
  /** Time from receiving to reply, ms. */
  totalMs: number;
  createdAt: Date;
};

/**
 * An answer that takes votes, and what it answered: the question, and the reading when the
 * user chose one (or "Answer all"). A 👎 on the answer is then a 👎 on that question.
 */
export type AnswerRecord = {
  /** The opaque id rendered into the answer's 👍/👎 buttons. */
  answerId: string;
  platform: string;
  workspaceId: string;
  channelId: string;
  threadId: string;
  userId: string;
  /** The question as understood (the thread's rewrite when there was one). */
  question: string;
  /** The reading chosen from a clarification, else null. */
  reading: string | null;
  createdAt: Date;
};

/** An append-only record of the questions asked, for analytics (content gaps, answer rates). */
export interface QuestionLog {
  record(entry: QuestionRecord): Promise<void>;
  /** Remembers what an answer with votes answered. */
  answered(entry: AnswerRecord): Promise<void>;
}
