import type { Figures } from '../metrics/figures';
import { formatNumber, formatPercent } from './format';

/** A figure as the Markdown tables, the chart and the "how to read" section show it. */
export type MetricColumn = {
  key: keyof Figures;
  label: string;
  /** One line for "how to read", completing "<label>: ". */
  definition: string;
  /** Decimals of an amount; a column without them is a rate shown as a percentage. */
  decimals?: number;
  /** A lower value is better (false-clarify and missed-ambiguity rates). */
  lowerIsBetter?: true;
  /** The chart compares strategies on it (rates only: the chart's axis is 0–100 %). */
  inChart?: true;
};

export function formatFigure(column: MetricColumn, figures: Figures): string {
  const value = figures[column.key];
  return column.decimals === undefined
    ? formatPercent(value)
    : formatNumber(value, column.decimals);
}

/** The figures of the overall and per-category tables, in column order. */
export const METRIC_COLUMNS: MetricColumn[] = [
  { key: 'questions', label: 'Questions', decimals: 0, definition: 'questions scored.' },
  {
    key: 'g_precision',
    label: 'G-Precision',
    definition:
      'share of shown interpretations that match a gold one and cite a passage grounding it.',
    inChart: true,
  },
  {
    key: 'g_recall',
    label: 'G-Recall',
    definition: 'share of gold interpretations matched by a shown one that cites their evidence.',
    inChart: true,
  },
  {
    key: 'g_f1',
    label: 'G-F1',
    definition: 'harmonic mean of G-Precision and G-Recall.',
    inChart: true,
  },
  {
    key: 'decision_accuracy',
    label: 'Decision accuracy',
    definition:
      'share of questions answered, clarified or declined as the gold says they should be.',
    inChart: true,
  },
  {
    key: 'false_clarify_rate',
    label: 'False-clarify rate',
    definition:
      'share of clear answerable questions that got a clarification instead of an answer.',
    lowerIsBetter: true,
    inChart: true,
  },
  {
    key: 'missed_ambiguity_rate',
    label: 'Missed-ambiguity rate',
    definition: 'share of ambiguous questions that got a single direct answer.',
    lowerIsBetter: true,
    inChart: true,
  },
  {
    key: 'answer_em',
    label: 'Answer EM',
    definition: 'share of direct answers to clear questions that contain a gold answer.',
  },
  {
    key: 'citation_precision',
    label: 'Citation precision',
    definition: 'share of citations that are a gold passage or contain a gold answer.',
  },
  {
    key: 'mean_options',
    label: 'Options',
    decimals: 2,
    definition: 'mean options offered per clarification (|Q̂|).',
  },
  {
    key: 'llm_calls_mean',
    label: 'LLM calls',
    decimals: 2,
    definition: 'mean LLM calls per question.',
  },
  {
    key: 'prompt_tokens_mean',
    label: 'Prompt tokens',
    decimals: 1,
    definition: 'mean prompt tokens per question.',
  },
  {
    key: 'completion_tokens_mean',
    label: 'Completion tokens',
    decimals: 1,
    definition: 'mean completion tokens per question.',
  },
  {
    key: 'retrieval_calls_mean',
    label: 'Retrieval calls',
    decimals: 2,
    definition: 'mean retrieval calls per question.',
  },
  {
    key: 'latency_ms_p50',
    label: 'p50 ms',
    decimals: 1,
    definition: 'median wall time of a question in ms, index build excluded.',
  },
  {
    key: 'latency_ms_p95',
    label: 'p95 ms',
    decimals: 1,
    definition: '95th-percentile wall time of a question in ms.',
  },
  {
    key: 'errors',
    label: 'Errors',
    decimals: 0,
    definition: 'questions that failed with an error (scored as a no-answer).',
  },
];

/** The 95th-percentile costs, in a table of their own. */
export const COST_P95_COLUMNS: MetricColumn[] = [
  { key: 'llm_calls_p95', label: 'LLM calls', decimals: 2, definition: 'p95 LLM calls.' },
  {
    key: 'prompt_tokens_p95',
    label: 'Prompt tokens',
    decimals: 1,
    definition: 'p95 prompt tokens.',
  },
  {
    key: 'completion_tokens_p95',
    label: 'Completion tokens',
    decimals: 1,
    definition: 'p95 completion tokens.',
  },
  {
    key: 'retrieval_calls_p95',
    label: 'Retrieval calls',
    decimals: 2,
    definition: 'p95 retrieval calls.',
  },
];

/** The rates the chart compares, one bar group each. */
export const CHART_COLUMNS = METRIC_COLUMNS.filter((column) => column.inChart === true);
