import type { AnswerWriter, WrittenAnswer } from '../answer-writer';
import type { Citation, HistoryTurn, Interpretation } from '../conversation';
import type { ConversationStore, ThreadKey } from '../conversation-store';
import type { Reply } from '../reply';
import { withFallback } from '../with-fallback';
import type { TraceRecorder } from './trace-recorder';

/** A message addressed to the assistant in a thread. */
export type ThreadTurn = { thread: ThreadKey; userId: string };

export type ReplyContext = {
  trace: TraceRecorder;
  /** A visible note for the reply (set when an LLM stage fell back to offline). */
  note: string | undefined;
};

/**
 * What `ask` and `choose` share: writing cited answers (LLM first, offline on failure),
 * shaping answer and no-answer replies, and remembering every turn of the thread.
 */
export function createReplies(deps: {
  answerWriter: AnswerWriter;
  fallbackWriter: AnswerWriter | undefined;
  conversations: ConversationStore;
  clock: () => Date;
  degradedNote: string;
}) {
  function writeAnswer(
    context: ReplyContext,
    input: { question: string; interpretation: Interpretation },
  ): Promise<WrittenAnswer> {
    return runWriter(context, 'answer', (writer) => writer.write(input));
  }

  function writeAll(
    context: ReplyContext,
    input: { question: string; interpretations: readonly Interpretation[] },
  ): Promise<WrittenAnswer> {
    return runWriter(context, 'answer-all', (writer) => writer.writeAll(input));
  }

  function runWriter(
    context: ReplyContext,
    name: string,
    run: (writer: AnswerWriter) => Promise<WrittenAnswer>,
  ): Promise<WrittenAnswer> {
    const fallback = deps.fallbackWriter;
    return context.trace.stage(
      name,
      () =>
        withFallback(
          () => run(deps.answerWriter),
          fallback && (() => run(fallback)),
          () => (context.note = deps.degradedNote),
        ),
      (result) => ({
        llmCalls: result.llmCalls,
        ...(result.llmRounds !== undefined && { llmRounds: result.llmRounds }),
        usage: result.usage,
        detail: { supported: result.supported, citations: result.citations.length },
      }),
    );
  }

  async function answerReply(
    turn: ThreadTurn,
    context: ReplyContext,
    written: WrittenAnswer,
    interpretedAs: string | undefined,
  ): Promise<Reply> {
    if (!written.supported) {
      return noAnswer(turn, context, {
        text: 'I found related passages but none that states the answer. These are the closest documents:',
        nearest: written.citations,
      });
    }
    await remember(turn, 'assistant', { text: written.text, citations: written.citations });
    return {
      kind: 'answer',
      text: written.text,
      citations: written.citations,
      ...(interpretedAs && { interpretedAs }),
      ...(context.note && { note: context.note }),
      trace: context.trace.finish(),
    };
  }

  async function noAnswer(
    turn: ThreadTurn,
    context: ReplyContext,
    reply: { text: string; nearest: Citation[] },
  ): Promise<Reply> {
    await remember(turn, 'assistant', { text: reply.text });
    return {
      kind: 'no-answer',
      ...reply,
      ...(context.note && { note: context.note }),
      trace: context.trace.finish(),
    };
  }

  async function remember(
    turn: ThreadTurn,
    role: HistoryTurn['role'],
    entry: { text: string; rewrittenText?: string | null; citations?: Citation[] },
  ): Promise<void> {
    await deps.conversations.append({
      thread: turn.thread,
      role,
      userId: role === 'user' ? turn.userId : null,
      text: entry.text,
      rewrittenText: entry.rewrittenText ?? null,
      citations: entry.citations ?? [],
      createdAt: deps.clock(),
    });
  }

  return { writeAnswer, writeAll, answerReply, noAnswer, remember };
}

export type Replies = ReturnType<typeof createReplies>;
