import { randomUUID } from 'node:crypto';
import type { ClarifyConfig } from '@clarify/config';
import type { ChatModel, StrategyName } from '@clarify/core';
import type { IndexProgress } from '@clarify/ingest';
import { createConfiguredAssistant } from '@clarify/runtime';
import type { LineProblem } from '../benchmark/line-problems';
import { readBenchmark, type Benchmark } from '../benchmark/read-benchmark';
import type { QuestionRun } from '../types';
import { openBenchmarkIndex } from './open-benchmark-index';
import { runStrategy } from './run-strategy';

export type EvaluateOptions = {
  benchmarkDir: string;
  /** Subfolder holding `questions.jsonl`. */
  questions?: string;
  strategies: readonly StrategyName[];
  /** Only the first `limit` questions. */
  limit?: number;
  config: ClarifyConfig;
  /** Where corpus indexes are kept between runs. */
  cacheDir: string;
  /** Fail on a malformed line instead of reporting and skipping it. */
  strict: boolean;
  /** A chat model to use instead of the configured one (tests). */
  chatModel?: ChatModel;
  onProblem?: (problem: LineProblem) => void;
  onIndexProgress?: (progress: IndexProgress) => void;
  onIndexed?: (index: { cached: boolean; documents: number }) => void;
  /** How many questions will run per strategy (after `limit`), before the first runs. */
  onQuestionsKnown?: (count: number) => void;
  onQuestion?: (strategy: StrategyName, run: QuestionRun) => void;
};

export type Evaluation = {
  benchmark: Benchmark;
  documents: number;
  cached: boolean;
  mode: 'offline' | 'llm';
  runs: Partial<Record<StrategyName, QuestionRun[]>>;
};

/**
 * `clarify eval`: reads a benchmark, indexes its corpus (or reuses the cached index), and runs
 * every question through each strategy with the same retriever, embedder and chat model, so the
 * strategies' figures are comparable. Strategies are built before any question runs: one that
 * cannot run here (diva or rac without an LLM) fails the evaluation at once.
 */
export async function evaluateBenchmark(options: EvaluateOptions): Promise<Evaluation> {
  const benchmark = await readBenchmark(options.benchmarkDir, {
    questions: options.questions,
    strict: options.strict,
    onProblem: options.onProblem ?? (() => undefined),
  });
  const questions = benchmark.questions.slice(0, options.limit);
  const index = await openBenchmarkIndex(benchmark, {
    config: options.config,
    cacheDir: options.cacheDir,
    onProgress: options.onIndexProgress,
  });
  try {
    options.onIndexed?.({ cached: index.cached, documents: index.documents });
    const { kb } = index;
    const assistants = options.strategies.map((strategy) =>
      createConfiguredAssistant(
        { llm: options.config.llm, pipeline: { ...options.config.pipeline, strategy } },
        kb,
        { ...(options.chatModel && { chatModel: options.chatModel }) },
      ),
    );
    options.onQuestionsKnown?.(questions.length);
    const runId = randomUUID();
    const runs: Evaluation['runs'] = {};
    for (const { strategy, assistant } of assistants) {
      runs[strategy] = await runStrategy({
        assistant,
        conversations: kb.conversations,
        database: kb.database,
        questions,
        runId,
        strategy,
        onQuestion: (run) => options.onQuestion?.(strategy, run),
      });
    }
    return {
      benchmark: { ...benchmark, questions },
      documents: index.documents,
      cached: index.cached,
      mode: assistants[0]?.engine === 'llm' ? 'llm' : 'offline',
      runs,
    };
  } finally {
    await index.kb.close();
  }
}
