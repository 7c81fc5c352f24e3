import type { ClarificationStore, ThreadKey } from '../conversation-store';
import { ClarifyError } from '../errors';
import type { Reply } from '../reply';
import type { Replies, ReplyContext } from './replies';
import { createTraceRecorder } from './trace-recorder';

export const NONE_PROMPT =
  'None of these? Please rephrase your question in this thread and I will try again.';
export const EXPIRED_TEXT = 'These options have expired — please ask your question again.';
export const ALREADY_CHOSEN_TEXT = 'This question has already been answered above.';

type AskAgain = (turn: { thread: ThreadKey; userId: string; text: string }) => Promise<Reply>;

/**
 * The user's answer to a clarification: an option id, "all" (one section per interpretation),
 * or "none" (with `text`, their rephrased question, asked afresh in the same thread). A choice
 * is taken once: a second click, an expired or unknown id get a short notice instead.
 */
export function createChoose(deps: {
  clarifications: ClarificationStore;
  replies: Replies;
  clock: () => Date;
  askAgain: AskAgain;
}) {
  return async function choose(
    clarificationId: string,
    optionId: string,
    text?: string,
  ): Promise<Reply> {
    const context: ReplyContext = { trace: createTraceRecorder(), note: undefined };
    if (optionId === 'none') {
      const pending = await deps.clarifications.get(clarificationId);
      if (pending && text?.trim()) {
        return deps.askAgain({ thread: pending.thread, userId: pending.userId, text });
      }
      return notice(context, NONE_PROMPT);
    }
    const outcome = await deps.clarifications.choose(clarificationId, optionId, deps.clock());
    if (outcome.status === 'expired' || outcome.status === 'not-found') {
      return notice(context, EXPIRED_TEXT);
    }
    if (outcome.status === 'already-chosen') return notice(context, ALREADY_CHOSEN_TEXT);

    const pending = outcome.clarification;
    const question = pending.interpretedAs ?? pending.question;
    const turn = { thread: pending.thread, userId: pending.userId };
    const { replies } = deps;
    if (optionId === 'all') {
      const written = await replies.writeAll(context, {
        question,
        interpretations: pending.interpretations,
      });
      return replies.answerReply(turn, context, written, undefined);
    }
    const interpretation = pending.interpretations[Number(optionId) - 1];
    if (interpretation === undefined) {
      throw new ClarifyError('invalid_input', `no option ${optionId}`);
    }
    const written = await replies.writeAnswer(context, {
      question: interpretation.interpretation,
      interpretation,
    });
    return replies.answerReply(turn, context, written, interpretation.interpretation);
  };
}

/** A reply about the buttons themselves; not part of the conversation's history. */
function notice(context: ReplyContext, text: string): Reply {
  return { kind: 'no-answer', text, nearest: [], trace: context.trace.finish() };
}
