import type { Figures } from '../metrics/figures';
import type { Decision, QuestionRun } from '../types';

export type BenchmarkMode = 'offline' | 'llm';

export type ReportInput = {
  benchmark: { path: string; questions: number; corpusDocuments: number; mode: BenchmarkMode };
  /** Runs per strategy name, in the order the strategies should be shown; undefined entries are skipped. */
  strategies: Readonly<Record<string, readonly QuestionRun[] | undefined>>;
};

/** `report.json` (BENCHMARK-FORMAT): snake_case keys, fractions in 0..1, null for 0/0. */
export type EvaluationReport = {
  benchmark: { path: string; questions: number; corpus_documents: number; mode: BenchmarkMode };
  strategies: Record<string, StrategyReport>;
};

export type StrategyReport = {
  overall: Figures;
  by_category: Record<string, Figures>;
  questions: QuestionRow[];
};

export type QuestionRow = {
  id: string;
  question: string;
  category: string;
  ambiguous: boolean;
  expected: Decision;
  /** The scored decision: `no-answer` when the run failed (see `error`). */
  decision: Decision;
  decision_correct: boolean;
  interpretations: Array<{ text: string; answer: string; citations: string[] }>;
  predicted: number;
  gold: number;
  matches: number;
  grounded_matches: number;
  answer_em: boolean | null;
  citations: number;
  correct_citations: number;
  llm_calls: number;
  prompt_tokens: number;
  completion_tokens: number;
  retrieval_calls: number;
  latency_ms: number;
  error?: string;
  /**
   * The question's extra fields from `questions.jsonl`, kept under their own key so that a field
   * named like a row key (`decision`, `gold`) cannot overwrite a figure.
   */
  extra: Record<string, unknown>;
};
