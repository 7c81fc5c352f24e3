import {
  appendHistory,
  describeError,
  type Assistant,
  type ConversationStore,
} from '@clarify/core';
import { loadChunkTexts, type Database } from '@clarify/db';
import type { BenchmarkQuestion, QuestionRun } from '../types';
import { citedChunkIds, toQuestionRun } from './to-question-run';

export type StrategyRunInput = {
  assistant: Assistant;
  conversations: ConversationStore;
  database: Database;
  questions: readonly BenchmarkQuestion[];
  /** Names this run's threads, so two runs over one index never share a thread. */
  runId: string;
  strategy: string;
  onQuestion?: (run: QuestionRun) => void;
};

/**
 * Every question through one strategy, one at a time (latency is per question): a fresh thread
 * holding the question's history, as a chat would have it, then `ask`. A question that fails
 * is recorded with its error and scored as a no-answer; the run goes on.
 */
export async function runStrategy(input: StrategyRunInput): Promise<QuestionRun[]> {
  const runs: QuestionRun[] = [];
  for (const question of input.questions) {
    const run = await runQuestion(input, question);
    runs.push(run);
    input.onQuestion?.(run);
  }
  return runs;
}

async function runQuestion(
  input: StrategyRunInput,
  question: BenchmarkQuestion,
): Promise<QuestionRun> {
  const thread = {
    platform: 'eval',
    workspaceId: input.runId,
    channelId: input.strategy,
    threadId: question.id,
  };
  await appendHistory(input.conversations, thread, question.history, 'eval');
  const started = performance.now();
  try {
    const reply = await input.assistant.ask({ thread, userId: 'eval', text: question.question });
    const latencyMs = performance.now() - started;
    const texts = await loadChunkTexts(input.database.db, citedChunkIds(reply));
    return toQuestionRun(question, reply, texts, latencyMs);
  } catch (error) {
    return {
      question,
      decision: 'no-answer',
      interpretations: [],
      cost: {
        llmCalls: 0,
        promptTokens: 0,
        completionTokens: 0,
        retrievalCalls: 0,
        latencyMs: performance.now() - started,
      },
      error: describeError(error),
    };
  }
}
