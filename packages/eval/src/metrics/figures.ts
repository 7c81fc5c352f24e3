/**
 * The figures of a set of question runs, keyed as in `report.json` (BENCHMARK-FORMAT). Fractions
 * are in 0..1; null where a ratio has nothing to divide by (the Markdown shows "—").
 */
export type Figures = {
  questions: number;
  /** Runs that failed with an error (scored as no-answer). */
  errors: number;
  g_precision: number | null;
  g_recall: number | null;
  g_f1: number | null;
  decision_accuracy: number | null;
  false_clarify_rate: number | null;
  missed_ambiguity_rate: number | null;
  answer_em: number | null;
  citation_precision: number | null;
  mean_options: number | null;
  llm_calls_mean: number | null;
  llm_calls_p95: number | null;
  prompt_tokens_mean: number | null;
  prompt_tokens_p95: number | null;
  completion_tokens_mean: number | null;
  completion_tokens_p95: number | null;
  retrieval_calls_mean: number | null;
  retrieval_calls_p95: number | null;
  latency_ms_p50: number | null;
  latency_ms_p95: number | null;
};
