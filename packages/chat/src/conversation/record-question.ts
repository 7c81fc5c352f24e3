import type { QuestionDecision, Reply } from '@clarify/core';
import { threadKey, type ChatContext, type Logger } from '../chat-context';
import type { IncomingQuestion } from './answer-question';

/** What became of a question, as the question log keeps it. */
export type QuestionOutcome = { decision: QuestionDecision; interpretedAs: string | null };

/** No reply reached the user: a failure notice took its place, or nothing could be posted. */
export const FAILED_QUESTION: QuestionOutcome = { decision: 'failed', interpretedAs: null };

/** The reply's decision, and the standalone question when the thread rewrote the message. */
export function questionOutcome(reply: Reply): QuestionOutcome {
  return {
    decision: reply.kind,
    interpretedAs: reply.kind === 'no-answer' ? null : (reply.interpretedAs ?? null),
  };
}

/**
 * Records a question, asked at `receivedAt`, and what became of it; `totalMs` runs to now. The reply has
 * gone out already: a failure is logged at warn and goes no further. The log line names the
 * error's kind only, since a failed query's message carries its parameters, the question's text
 * among them.
 */
export async function recordQuestion<M>(
  context: ChatContext<M>,
  log: Logger,
  asked: { question: IncomingQuestion; receivedAt: Date; outcome: QuestionOutcome },
): Promise<void> {
  const { question, receivedAt, outcome } = asked;
  const totalMs = Math.max(0, context.clock().getTime() - receivedAt.getTime());
  try {
    await context.stores.questions.record({
      ...threadKey(context.platform.name, question.conversation),
      userId: question.userId,
      text: question.text,
      interpretedAs: outcome.interpretedAs,
      decision: outcome.decision,
      totalMs,
      createdAt: receivedAt,
    });
  } catch (error) {
    log.warn({ error: errorKind(error) }, 'could not record the question');
  }
}

/** An error's class and code (a Postgres SQLSTATE, a ClarifyError code), never its message. */
function errorKind(error: unknown): { name: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error };
  const code = codeOf(error) ?? codeOf(error.cause);
  return { name: error.name, ...(code !== undefined && { code }) };
}

function codeOf(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('code' in value)) return undefined;
  return typeof value.code === 'string' ? value.code : undefined;
}
