import type { AnswerWriter } from '../answer-writer';
import type { ConsolidationSetting } from '../consolidate';
import type { HistoryTurn } from '../conversation';
import type { ClarificationStore, ConversationStore, ThreadKey } from '../conversation-store';
import type { Embedder } from '../embedder';
import { ClarifyError, isClarifyError } from '../errors';
import type { HistoryGate } from '../gate';
import { plainMessage } from '../gate';
import type { InterpretationExtractor } from '../interpretation-extractor';
import type { InterpretationStrategy, StrategyResult } from '../interpretation-strategy';
import type { QueryRewriter } from '../query-rewriter';
import type { Reply } from '../reply';
import { distinctCitations, toCitation } from '../reply';
import type { RetrievalScope, Retriever } from '../retriever';
import { createVerdictStrategy } from '../strategies';
import { withFallback } from '../with-fallback';
import { answerPreview, passagePreview } from './answer-preview';
import { createChoose } from './choose';
import { decide, DEFAULT_MAX_OPTIONS } from './decide';
import { settleByThread, type PlacesIn } from './settle-by-thread';
import { createReplies, type ReplyContext } from './replies';
import { createTraceRecorder } from './trace-recorder';

export type AssistantSettings = {
  /** Passages retrieved per question (stage 4). */
  topK: number;
  /** Thread turns read for context (stage 1). */
  historyTurns: number;
  consolidation: ConsolidationSetting;
  /** How long clarification buttons stay valid. */
  clarificationTtlMs: number;
  /** Longer questions are refused with a reason (RG-4). */
  maxQuestionChars: number;
  /** Options a clarification offers at most (2–5). */
  maxOptions: number;
};

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  topK: 20,
  historyTurns: 5,
  consolidation: 'default',
  clarificationTtlMs: 24 * 60 * 60 * 1000,
  maxQuestionChars: 4_000,
  maxOptions: DEFAULT_MAX_OPTIONS,
};

type Stages = {
  rewriter: QueryRewriter;
  extractor: InterpretationExtractor;
  answerWriter: AnswerWriter;
};

export type AssistantDeps = Stages & {
  retriever: Retriever;
  /** Embeds "interpretation ; answer" for consolidation. */
  embedder: Embedder;
  gate: HistoryGate;
  /** The offline implementations, used when an LLM stage fails. */
  fallback?: Stages;
  /** Stages 4–6; VerDICt over `retriever`, `extractor` and `embedder` when absent. */
  strategy?: InterpretationStrategy;
  /** Used when `strategy` fails with `llm_failed` (an offline one), with a visible note. */
  fallbackStrategy?: InterpretationStrategy;
  conversations: ConversationStore;
  clarifications: ClarificationStore;
  /**
   * The places a text names, one name each ("Dublin", "Irish" → "Ireland"), so that a thread
   * about an office settles a question whose readings are by country.
   */
  placesIn?: PlacesIn;
  clock?: () => Date;
  newId?: () => string;
  settings?: Partial<AssistantSettings>;
};

/** A message addressed to the assistant in a thread. */
export type Turn = {
  thread: ThreadKey;
  userId: string;
  text: string;
  /** Which sources this conversation may read (RG-1); all when absent. */
  scope?: RetrievalScope;
  /**
   * The thread as the platform has it, oldest first, without this message (Slack's
   * `conversations.replies`: other people's messages and the bot's own included). When absent,
   * the turns the conversation store holds are the history.
   */
  history?: readonly HistoryTurn[];
};

export const LLM_UNAVAILABLE_NOTE =
  'AI answer unavailable right now — this answer comes from the offline engine.';

const NOT_FOUND_TEXT =
  "I couldn't find this in the knowledge base. These are the closest documents:";

/**
 * The question pipeline (PIPELINE.md): thread context → history gate → rewrite when flagged →
 * the strategy's grounded interpretations (retrieve, extract, consolidate) → decide → cited
 * answer or clarification. Platform-neutral: adapters render the Reply.
 */
export function createAssistant(deps: AssistantDeps) {
  const settings = { ...DEFAULT_ASSISTANT_SETTINGS, ...deps.settings };
  const clock = deps.clock ?? (() => new Date());
  const newId = deps.newId ?? (() => globalThis.crypto.randomUUID());
  const strategy =
    deps.strategy ??
    createVerdictStrategy({
      retriever: deps.retriever,
      extractor: deps.extractor,
      fallbackExtractor: deps.fallback?.extractor,
      embedder: deps.embedder,
      consolidation: settings.consolidation,
      topK: settings.topK,
    });
  const replies = createReplies({
    answerWriter: deps.answerWriter,
    fallbackWriter: deps.fallback?.answerWriter,
    conversations: deps.conversations,
    clock,
    degradedNote: LLM_UNAVAILABLE_NOTE,
  });

  async function ask(turn: Turn): Promise<Reply> {
    const context: ReplyContext = { trace: createTraceRecorder(), note: undefined };
    const { trace } = context;
    const degrade = () => (context.note = LLM_UNAVAILABLE_NOTE);
    const message = checkedMessage(turn.text, settings.maxQuestionChars);

    const history = await trace.stage(
      'thread-context',
      () => readHistory(turn),
      (turns) => ({ detail: { turns: turns.length } }),
    );
    const gate = await trace.stage(
      'history-gate',
      () => Promise.resolve(deps.gate.assess(message, history)),
      (result) => ({
        detail: { dependsOnHistory: result.dependsOnHistory, score: result.score },
      }),
    );
    const fallbackRewriter = deps.fallback?.rewriter;
    const rewrite = gate.dependsOnHistory
      ? await trace.stage(
          'rewrite',
          () =>
            withFallback(
              () => deps.rewriter.rewrite({ message, history }),
              fallbackRewriter && (() => fallbackRewriter.rewrite({ message, history })),
              degrade,
            ),
          (result) => ({
            llmCalls: result.llmCalls,
            usage: result.usage,
            detail: { text: result.text, rewritten: result.rewritten },
          }),
        )
      : null;
    const interpretedAs = rewrite?.rewritten ? rewrite.text : undefined;
    const question = interpretedAs ?? message;

    const { interpretations, retrieved } = await interpret({
      question,
      scope: turn.scope,
      tracer: trace.tracer,
      onDegraded: degrade,
    });
    let decision = decide(interpretations, settings.maxOptions);
    let settledAs: string | undefined;
    let narrowed = false;
    if (decision.kind === 'clarify' && history.length > 0) {
      const settled = await trace.stage(
        'settle-by-thread',
        () =>
          Promise.resolve(
            settleByThread({ question, interpretations, history, placesIn: deps.placesIn }),
          ),
        (result) => ({
          detail: {
            settled: result?.kind === 'settled' ? result.interpretation.interpretation : null,
            narrowedTo:
              result?.kind === 'narrowed'
                ? result.interpretations.map((item) => item.interpretation)
                : null,
            scores: result?.scores ?? [],
          },
        }),
      );
      if (settled?.kind === 'settled') {
        decision = { kind: 'answer', interpretation: settled.interpretation };
        settledAs = settled.interpretation.interpretation;
      } else if (settled?.kind === 'narrowed') {
        decision = decide(settled.interpretations, settings.maxOptions);
        narrowed = true;
      }
    }
    await replies.remember(turn, 'user', {
      text: message,
      rewrittenText: settledAs ?? interpretedAs ?? null,
    });

    if (decision.kind === 'no-answer') {
      return replies.noAnswer(turn, context, {
        text: NOT_FOUND_TEXT,
        nearest: retrieved.slice(0, 3).map(toCitation),
      });
    }
    if (decision.kind === 'answer') {
      const written = await replies.writeAnswer(context, {
        question: settledAs ?? question,
        interpretation: decision.interpretation,
      });
      return replies.answerReply(turn, context, written, settledAs ?? interpretedAs);
    }
    const id = newId();
    const now = clock();
    await deps.clarifications.save({
      id,
      thread: turn.thread,
      userId: turn.userId,
      question: message,
      interpretedAs: interpretedAs ?? null,
      interpretations: decision.interpretations,
      createdAt: now,
      expiresAt: new Date(now.getTime() + settings.clarificationTtlMs),
      chosenOptionId: null,
    });
    const prompt = narrowed
      ? `"${question}" can mean different things in our documents; this thread mentions these ${decision.interpretations.length}. Which one do you mean?`
      : `"${question}" can mean different things in our documents. Which one do you mean?`;
    await replies.remember(turn, 'assistant', { text: prompt });
    return {
      kind: 'clarify',
      prompt,
      clarificationId: id,
      options: decision.interpretations.map((interpretation, index) => ({
        id: String(index + 1),
        interpretation: interpretation.interpretation,
        answer: interpretation.answer,
        // Strategies that find readings without extracting answers (adf, diva) still show a
        // preview: the first line of prose of the reading's best passage.
        answerPreview: interpretation.answer
          ? answerPreview(interpretation.answer)
          : passagePreview(interpretation.passages[0]?.text ?? ''),
        citations: distinctCitations(interpretation.passages, 3),
      })),
      ...(interpretedAs && { interpretedAs }),
      ...(context.note && { note: context.note }),
      trace: trace.finish(),
    };
  }

  /** The configured strategy; the offline one when its model fails (RELIABILITY LF-1). */
  async function interpret(
    input: Parameters<InterpretationStrategy['interpret']>[0],
  ): Promise<StrategyResult> {
    try {
      return await strategy.interpret(input);
    } catch (error) {
      const fallback = deps.fallbackStrategy;
      if (fallback === undefined || !isClarifyError(error, 'llm_failed')) throw error;
      input.onDegraded();
      return fallback.interpret(input);
    }
  }

  async function readHistory(turn: Turn): Promise<HistoryTurn[]> {
    if (turn.history !== undefined) return turn.history.slice(-settings.historyTurns);
    const turns = await deps.conversations.recent(turn.thread, settings.historyTurns);
    return turns.map((stored) => ({
      role: stored.role,
      text: stored.rewrittenText ?? stored.text,
      citations: stored.citations,
    }));
  }

  const { choose, chooseOption } = createChoose({
    clarifications: deps.clarifications,
    replies,
    clock,
    askAgain: ask,
  });

  return { ask, choose, chooseOption };
}

export type Assistant = ReturnType<typeof createAssistant>;

function checkedMessage(text: string, maxChars: number): string {
  const message = plainMessage(text).trim();
  if (message === '') throw new ClarifyError('invalid_input', 'the message is empty');
  if (message.length > maxChars) {
    throw new ClarifyError('invalid_input', `questions are limited to ${maxChars} characters`);
  }
  return message;
}
