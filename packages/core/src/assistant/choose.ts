import type { ClarificationStore, PendingClarification, ThreadKey } from '../conversation-store';
import { ClarifyError } from '../errors';
import type { Reply } from '../reply';
import type { Replies, ReplyContext } from './replies';
import { createTraceRecorder } from './trace-recorder';

export const NONE_PROMPT =
  'None of these? Please rephrase your question in this thread and I will try again.';
export const EXPIRED_TEXT = 'These options have expired — please ask your question again.';
export const ALREADY_CHOSEN_TEXT = 'This question has already been answered above.';
export const ONLY_ASKER_TEXT =
  'Only the person who asked can choose here; ask your own question to get options.';

type AskAgain = (turn: { thread: ThreadKey; userId: string; text: string }) => Promise<Reply>;

/** A choice as a click makes it: which clarification, which option, and who clicked. */
export type ChoiceRequest = {
  clarificationId: string;
  /** An option id ("1", "2", …), "all" or "none". */
  optionId: string;
  /** Who chose; with `onlyAsker`, anyone but the asker is refused. */
  userId?: string;
  onlyAsker?: boolean;
  /** With "none": the rephrased question, asked afresh in the same thread. */
  text?: string;
  /**
   * Called once the choice is recorded (exactly once for any number of clicks), before the
   * answer is written: adapters mark the choice and show their working state here.
   */
  onChosen?: (chosen: ChosenOption) => Promise<void>;
};

/** The recorded choice: the option, the label a reader knows it by, and its clarification. */
export type ChosenOption = {
  optionId: string;
  /** The option's interpretation, "Answer all" or "None of these". */
  label: string;
  clarification: PendingClarification;
};

export type ChoiceRefusal = 'expired' | 'already-chosen' | 'not-asker';

/** A choice answered, or refused with the reason and a text to tell the user. */
export type ChoiceOutcome =
  | { status: 'answered'; chosen: ChosenOption; reply: Reply }
  | { status: 'refused'; reason: ChoiceRefusal; text: string; askerId?: string };

const REFUSAL_TEXT: Record<ChoiceRefusal, string> = {
  expired: EXPIRED_TEXT,
  'already-chosen': ALREADY_CHOSEN_TEXT,
  'not-asker': ONLY_ASKER_TEXT,
};

/** The label of an option of `pending`: its interpretation, "Answer all" or "None of these". */
export function optionLabel(pending: PendingClarification, optionId: string): string {
  if (optionId === 'all') return 'Answer all';
  if (optionId === 'none') return 'None of these';
  return pending.interpretations[Number(optionId) - 1]?.interpretation ?? `option ${optionId}`;
}

/**
 * The user's answer to a clarification: an option id, "all" (one section per interpretation),
 * or "none" (a rephrase prompt; with `text`, their rephrased question asked afresh). A choice is
 * taken once, however many click at once: a second click, an expired or unknown id, or — with
 * `onlyAsker` — someone else's click is refused with the reason.
 */
export function createChoose(deps: {
  clarifications: ClarificationStore;
  replies: Replies;
  clock: () => Date;
  askAgain: AskAgain;
}) {
  const refused = (reason: ChoiceRefusal, askerId?: string): ChoiceOutcome => ({
    status: 'refused',
    reason,
    text: REFUSAL_TEXT[reason],
    ...(askerId !== undefined && { askerId }),
  });

  async function chooseOption(request: ChoiceRequest): Promise<ChoiceOutcome> {
    const { clarificationId, optionId } = request;
    if (request.onlyAsker && request.userId !== undefined) {
      const pending = await deps.clarifications.get(clarificationId);
      if (pending === null || pending.expiresAt <= deps.clock()) return refused('expired');
      if (pending.userId !== request.userId) return refused('not-asker', pending.userId);
    }
    if (optionId === 'none' && request.text?.trim()) {
      const pending = await deps.clarifications.get(clarificationId);
      if (pending === null) return refused('expired');
      const chosen = { optionId, label: optionLabel(pending, optionId), clarification: pending };
      const reply = await deps.askAgain({
        thread: pending.thread,
        userId: pending.userId,
        text: request.text,
      });
      return { status: 'answered', chosen, reply };
    }
    const outcome = await deps.clarifications.choose(clarificationId, optionId, deps.clock());
    if (outcome.status === 'expired' || outcome.status === 'not-found') return refused('expired');
    if (outcome.status === 'already-chosen') return refused('already-chosen');
    const pending = outcome.clarification;
    const chosen = { optionId, label: optionLabel(pending, optionId), clarification: pending };
    await request.onChosen?.(chosen);
    return { status: 'answered', chosen, reply: await answer(pending, optionId) };
  }

  async function answer(pending: PendingClarification, optionId: string): Promise<Reply> {
    const context: ReplyContext = { trace: createTraceRecorder(), note: undefined };
    if (optionId === 'none') return notice(context, NONE_PROMPT);
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
  }

  /** `chooseOption` as a Reply: a refusal becomes a short notice (the CLI, evaluations). */
  async function choose(clarificationId: string, optionId: string, text?: string): Promise<Reply> {
    const outcome = await chooseOption({
      clarificationId,
      optionId,
      ...(text !== undefined && { text }),
    });
    if (outcome.status === 'answered') return outcome.reply;
    return notice({ trace: createTraceRecorder(), note: undefined }, outcome.text);
  }

  return { choose, chooseOption };
}

/** A reply about the buttons themselves; not part of the conversation's history. */
function notice(context: ReplyContext, text: string): Reply {
  return { kind: 'no-answer', text, nearest: [], trace: context.trace.finish() };
}
