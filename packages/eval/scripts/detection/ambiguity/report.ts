import type { DetectionMetrics } from '@clarify/core';
import type { AmbiguityClassifierModel } from '@clarify/core';

const NAME_WIDTH = 34;
const RATE_COLUMNS = [
  'precision',
  'recall',
  'f1',
  'auroc',
  'falsePositiveRate',
  'accuracy',
] as const;

/** One line of the figures table; AUROC is `–` when a set holds one class only. */
export function metricsRow(name: string, metrics: DetectionMetrics): string {
  const counts = [metrics.count, metrics.positives].map((value) => String(value).padStart(5));
  const rates = RATE_COLUMNS.map((key) => metrics[key]).map((value) =>
    (Number.isFinite(value) ? value.toFixed(3) : '–').padStart(6),
  );
  return [name.padEnd(NAME_WIDTH), ...counts, ...rates].join(' ');
}

/** The header of `metricsRow`'s table. */
export const METRICS_HEADER = [
  'set'.padEnd(NAME_WIDTH),
  ...['n', 'pos'].map((title) => title.padStart(5)),
  ...['prec', 'rec', 'f1', 'auroc', 'fpr', 'acc'].map((title) => title.padStart(6)),
].join(' ');

/** Prints what was trained and how well it does. */
export function printAmbiguityReport(
  model: AmbiguityClassifierModel,
  context: { seconds: number; output: string | null; baselines: [string, DetectionMetrics][] },
): void {
  console.log(`training examples by source: ${JSON.stringify(model.training.sources)}`);
  console.log(
    `threshold ${model.threshold.toFixed(4)}; trained in ${context.seconds.toFixed(1)} s`,
  );
  console.log('positive = ambiguous (needs a clarifying question)');
  console.log(
    'scored, never trained on: clariqDev (ClariQ dev, need 1 vs 3–4) and clamberEvaluation* ' +
      '(the evaluation half of CLAMBER, FNV-1a(question) odd)',
  );
  console.log(METRICS_HEADER);
  for (const [name, metrics] of Object.entries(model.metrics))
    console.log(metricsRow(name, metrics));
  for (const [name, metrics] of context.baselines) console.log(metricsRow(name, metrics));
  console.log(
    context.output === null ? '(dry run: weights not written)' : `wrote ${context.output}`,
  );
}
