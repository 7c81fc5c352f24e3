import type { Interpretation } from './conversation';
import type { Passage } from './passage';
import type { RetrievalScope } from './retriever';
import type { StageCosts } from './trace';

/** The question strategies `clarify eval` compares (PIPELINE.md); `verdict` is the default. */
export const STRATEGY_NAMES = ['verdict', 'diva', 'adf', 'rac', 'rag'] as const;
export type StrategyName = (typeof STRATEGY_NAMES)[number];

/** Runs one named, timed stage and records it in the question's trace. */
export interface StageTracer {
  stage<T>(
    name: string,
    run: () => Promise<T>,
    describe?: (result: T) => StageCosts & { detail?: Record<string, unknown> },
  ): Promise<T>;
}

export type StrategyInput = {
  /** The standalone question (already rewritten from the thread when that was needed). */
  question: string;
  scope?: RetrievalScope;
  tracer: StageTracer;
  /** Called when an LLM stage failed and an offline implementation answered instead. */
  onDegraded: () => void;
  signal?: AbortSignal;
};

export type StrategyResult = {
  /** Grounded interpretations, best first; each carries the passages that support it. */
  interpretations: Interpretation[];
  /** What the strategy retrieved, best first: a no-answer reply lists the closest. */
  retrieved: Passage[];
};

/**
 * Pipeline stages 4–6 behind one port: from a standalone question to its grounded
 * interpretations. The assistant decides (stage 7) and writes answers (stages 8–9) the same way
 * for every strategy, so their decisions, citations and costs are comparable.
 */
export interface InterpretationStrategy {
  readonly name: StrategyName;
  interpret(input: StrategyInput): Promise<StrategyResult>;
}
