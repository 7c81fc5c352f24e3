import type { AnswerWriter, WrittenAnswer } from '../answer-writer';
import type { ChatUsage } from '../chat-model';
import type { ConsolidationSetting } from '../consolidate';
import { consolidateInterpretations } from '../consolidate';
import type { HistoryTurn, Interpretation } from '../conversation';
import type { ClarificationStore, ConversationStore, ThreadKey } from '../conversation-store';
import type { Embedder } from '../embedder';
import { ClarifyError } from '../errors';
import type { HistoryGate } from '../gate';
import { stripSlackMarkup } from '../gate';
import type { InterpretationExtractor } from '../interpretation-extractor';
import type { QueryRewriter } from '../query-rewriter';
import type { Reply } from '../reply';
import { toCitation } from '../reply';
import type { RetrievalScope, Retriever } from '../retriever';
import { answerPreview } from './answer-preview';
import { decide } from './decide';
import { createTraceRecorder, type TraceRecorder } from './trace-recorder';
import { withFallback } from './with-fallback';

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
};

export const DEFAULT_ASSISTANT_SETTINGS: AssistantSettings = {
  topK: 20,
  historyTurns: 5,
  consolidation: 'default',
  clarificationTtlMs: 24 * 60 * 60 * 1000,
  maxQuestionChars: 4_000,
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
  conversations: ConversationStore;
  clarifications: ClarificationStore;
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
};

export const LLM_UNAVAILABLE_NOTE =
  'AI answer unavailable right now — this answer comes from the offline engine.';

/**
 * The question pipeline (PIPELINE.md): thread context → history gate → rewrite when flagged →
 * retrieve once → per-passage interpretations → consolidation → decide → cited answer or
 * clarification. Platform-neutral: adapters render the Reply.
 */
export function createAssistant(deps: AssistantDeps) {
  const settings = { ...DEFAULT_ASSISTANT_SETTINGS, ...deps.settings };
  const clock = deps.clock ?? (() => new Date());
  const newId = deps.newId ?? (() => globalThis.crypto.randomUUID());
  const fallback = deps.fallback;

  /** A stage with an LLM and an offline implementation: the LLM one first, offline on failure. */
  function modelStage<T extends { llmCalls: number; usage: ChatUsage }>(
    trace: TraceRecorder,
    degrade: () => void,
    stage: {
      name: string;
      run: (stages: Stages) => Promise<T>;
      detail: (result: T) => Record<string, unknown>;
    },
  ): Promise<T> {
    return trace.stage(
      stage.name,
      () => withFallback(() => stage.run(deps), fallback && (() => stage.run(fallback)), degrade),
      (result) => ({
        llmCalls: result.llmCalls,
        usage: result.usage,
        detail: stage.detail(result),
      }),
    );
  }

  async function ask(turn: Turn): Promise<Reply> {
    const trace = createTraceRecorder();
    let note: string | undefined;
    const degrade = () => (note = LLM_UNAVAILABLE_NOTE);
    const message = stripSlackMarkup(turn.text).trim();
    if (message === '') throw new ClarifyError('invalid_input', 'the message is empty');
    if (message.length > settings.maxQuestionChars) {
      throw new ClarifyError(
        'invalid_input',
        `questions are limited to ${settings.maxQuestionChars} characters`,
      );
    }

    const history = await trace.stage(
      'thread-context',
      () => readHistory(turn.thread),
      (turns) => ({
        detail: { turns: turns.length },
      }),
    );
    const gate = await trace.stage(
      'history-gate',
      () => Promise.resolve(deps.gate.assess(message, history)),
      (result) => ({
        detail: { dependsOnHistory: result.dependsOnHistory, score: result.score },
      }),
    );
    const rewrite = gate.dependsOnHistory
      ? await modelStage(trace, degrade, {
          name: 'rewrite',
          run: (stages) => stages.rewriter.rewrite({ message, history }),
          detail: (result) => ({ text: result.text, rewritten: result.rewritten }),
        })
      : null;
    const question = rewrite?.rewritten ? rewrite.text : message;
    const interpretedAs = rewrite?.rewritten ? rewrite.text : undefined;

    const passages = await trace.stage(
      'retrieve',
      () => deps.retriever.search({ query: question, k: settings.topK, scope: turn.scope }),
      (found) => ({
        retrievalCalls: 1,
        detail: { passages: found.map((passage) => passage.documentId) },
      }),
    );
    const extraction = await modelStage(trace, degrade, {
      name: 'extract-interpretations',
      run: (stages) => stages.extractor.extract({ question, passages }),
      detail: (result) => ({ candidates: result.candidates.length, abstained: result.abstained }),
    });
    const interpretations = await trace.stage(
      'consolidate',
      () =>
        consolidateInterpretations(extraction.candidates, {
          embedder: deps.embedder,
          setting: settings.consolidation,
        }),
      (result) => ({ detail: { interpretations: result.map((item) => item.interpretation) } }),
    );
    const decision = decide(interpretations);
    await remember(turn, {
      role: 'user',
      text: message,
      rewrittenText: interpretedAs ?? null,
      citations: [],
    });

    if (decision.kind === 'no-answer') {
      const reply: Reply = {
        kind: 'no-answer',
        text: "I couldn't find this in the knowledge base. These are the closest documents:",
        nearest: passages.slice(0, 3).map(toCitation),
        ...(note && { note }),
        trace: trace.finish(),
      };
      await remember(turn, {
        role: 'assistant',
        text: reply.text,
        rewrittenText: null,
        citations: [],
      });
      return reply;
    }
    if (decision.kind === 'answer') {
      const written = await writeAnswer(trace, question, decision.interpretation, degrade);
      return answerReply(turn, { written, interpretedAs, note, trace });
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
    const prompt = `"${question}" can mean different things in our documents. Which one do you mean?`;
    await remember(turn, { role: 'assistant', text: prompt, rewrittenText: null, citations: [] });
    return {
      kind: 'clarify',
      prompt,
      clarificationId: id,
      options: decision.interpretations.map((interpretation, index) => ({
        id: String(index + 1),
        interpretation: interpretation.interpretation,
        answer: interpretation.answer,
        answerPreview: answerPreview(interpretation.answer),
        citations: interpretation.passages.slice(0, 3).map(toCitation),
      })),
      ...(interpretedAs && { interpretedAs }),
      ...(note && { note }),
      trace: trace.finish(),
    };
  }

  /** The user picked an option, "all", or "none" (then `text` is their rephrased question). */
  async function choose(clarificationId: string, optionId: string, text?: string): Promise<Reply> {
    const trace = createTraceRecorder();
    let note: string | undefined;
    const degrade = () => (note = LLM_UNAVAILABLE_NOTE);
    if (optionId === 'none') {
      const pending = await deps.clarifications.get(clarificationId);
      if (pending && text?.trim())
        return ask({ thread: pending.thread, userId: pending.userId, text });
      return {
        kind: 'no-answer',
        text: 'None of these? Please rephrase your question in this thread and I will try again.',
        nearest: [],
        trace: trace.finish(),
      };
    }
    const outcome = await deps.clarifications.choose(clarificationId, optionId, clock());
    if (outcome.status === 'expired' || outcome.status === 'not-found') {
      return {
        kind: 'no-answer',
        text: 'These options have expired — please ask your question again.',
        nearest: [],
        trace: trace.finish(),
      };
    }
    if (outcome.status === 'already-chosen') {
      return {
        kind: 'no-answer',
        text: 'This question has already been answered above.',
        nearest: [],
        trace: trace.finish(),
      };
    }
    const pending = outcome.clarification;
    const question = pending.interpretedAs ?? pending.question;
    const turn: Turn = { thread: pending.thread, userId: pending.userId, text: question };
    if (optionId === 'all') {
      const written = await modelStage(trace, degrade, {
        name: 'answer-all',
        run: (stages) =>
          stages.answerWriter.writeAll({ question, interpretations: pending.interpretations }),
        detail: (result) => ({ supported: result.supported }),
      });
      return answerReply(turn, { written, interpretedAs: undefined, note, trace });
    }
    const interpretation = pending.interpretations[Number(optionId) - 1];
    if (interpretation === undefined)
      throw new ClarifyError('invalid_input', `no option ${optionId}`);
    const written = await writeAnswer(
      trace,
      interpretation.interpretation,
      interpretation,
      degrade,
    );
    return answerReply(turn, {
      written,
      interpretedAs: interpretation.interpretation,
      note,
      trace,
    });
  }

  function writeAnswer(
    trace: TraceRecorder,
    question: string,
    interpretation: Interpretation,
    degrade: () => void,
  ) {
    return modelStage(trace, degrade, {
      name: 'answer',
      run: (stages) => stages.answerWriter.write({ question, interpretation }),
      detail: (result) => ({ supported: result.supported }),
    });
  }

  async function answerReply(
    turn: Turn,
    input: {
      written: WrittenAnswer;
      interpretedAs: string | undefined;
      note: string | undefined;
      trace: TraceRecorder;
    },
  ): Promise<Reply> {
    const { written, interpretedAs, note } = input;
    if (!written.supported) {
      const reply: Reply = {
        kind: 'no-answer',
        text: 'I found related passages but none that states the answer. These are the closest documents:',
        nearest: written.citations,
        ...(note && { note }),
        trace: input.trace.finish(),
      };
      await remember(turn, {
        role: 'assistant',
        text: reply.text,
        rewrittenText: null,
        citations: [],
      });
      return reply;
    }
    await remember(turn, {
      role: 'assistant',
      text: written.text,
      rewrittenText: null,
      citations: written.citations,
    });
    return {
      kind: 'answer',
      text: written.text,
      citations: written.citations,
      ...(interpretedAs && { interpretedAs }),
      ...(note && { note }),
      trace: input.trace.finish(),
    };
  }

  async function readHistory(thread: ThreadKey): Promise<HistoryTurn[]> {
    const turns = await deps.conversations.recent(thread, settings.historyTurns);
    return turns.map((stored) => ({
      role: stored.role,
      text: stored.rewrittenText ?? stored.text,
      citations: stored.citations,
    }));
  }

  async function remember(
    turn: Turn,
    entry: {
      role: 'user' | 'assistant';
      text: string;
      rewrittenText: string | null;
      citations: HistoryTurn['citations'] & object;
    },
  ) {
    await deps.conversations.append({
      thread: turn.thread,
      role: entry.role,
      userId: entry.role === 'user' ? turn.userId : null,
      text: entry.text,
      rewrittenText: entry.rewrittenText,
      citations: entry.citations,
      createdAt: clock(),
    });
  }

  return { ask, choose };
}

export type Assistant = ReturnType<typeof createAssistant>;
