import { canardGateItems } from '../../../src/detection/canard-labels';
import { historyGateFeatures } from '@clarify/core';
import { detectionMetrics, type DetectionMetrics, type ScoredLabel } from '@clarify/core';
import type { HistoryGateModel } from '@clarify/core';
import type { GateTrainingExample } from './build-training-set';
import type { GateSources } from './load-gate-sources';

function round(value: number, digits: number): number {
  return Number.isFinite(value) ? Number(value.toPrecision(digits)) : value;
}

function roundMetrics(metrics: DetectionMetrics): DetectionMetrics {
  const rounded = { ...metrics };
  const keys = ['threshold', 'precision', 'recall', 'f1', 'accuracy', 'falsePositiveRate', 'auroc'];
  for (const key of keys as (keyof DetectionMetrics)[]) rounded[key] = round(metrics[key], 6);
  return rounded;
}

/** The model with coefficients and metrics at 6 significant digits (5 for n-grams): small JSON. */
export function roundModel(model: HistoryGateModel): HistoryGateModel {
  const weights = model.weights;
  return {
    ...model,
    threshold: round(model.threshold, 6),
    weights: {
      bias: round(weights.bias, 6),
      denseMean: weights.denseMean.map((value) => round(value, 6)),
      denseScale: weights.denseScale.map((value) => round(value, 6)),
      denseCoefficients: weights.denseCoefficients.map((value) => round(value, 6)),
      sparseSize: weights.sparseSize,
      sparseCoefficients: weights.sparseCoefficients.map((value) => round(value, 5)),
    },
    metrics: Object.fromEntries(
      Object.entries(model.metrics).map(([name, metrics]) => [name, roundMetrics(metrics)]),
    ),
  };
}

function row(name: string, metrics: DetectionMetrics): string {
  const values = [
    metrics.precision,
    metrics.recall,
    metrics.f1,
    metrics.auroc,
    metrics.falsePositiveRate,
    metrics.accuracy,
  ];
  const cells = values.map((value) => value.toFixed(3).padStart(6)).join(' ');
  const counts = `${String(metrics.count).padStart(5)} ${String(metrics.positives).padStart(5)}`;
  return `${name.padEnd(24)} ${counts} ${cells}`;
}

/** Trivial detectors on the CANARD evaluation half, to read the model's figures against. */
function canardBaselines(sources: GateSources): [string, DetectionMetrics][] {
  if (sources.canard === null) return [];
  const items = canardGateItems(sources.canard, 'evaluation');
  const referring = items.map((item): ScoredLabel => {
    const values = historyGateFeatures(item.message, item.history).features.values;
    const count = values.referentialCount + values.pronounCount + values.deicticCount;
    return { score: count > 0 ? 1 : 0, label: item.dependsOnHistory };
  });
  return [
    [
      '  flag everything',
      detectionMetrics(
        referring.map((item) => ({ ...item, score: 1 })),
        0.5,
      ),
    ],
    ['  referring word rule', detectionMetrics(referring, 0.5)],
  ];
}

/** Prints what was trained and how well it does. */
export function printReport(
  model: HistoryGateModel,
  context: { seconds: number; output: string | null; sources: GateSources },
): void {
  const { sources } = context;
  console.log(`training examples by source: ${JSON.stringify(model.training.sources)}`);
  console.log(
    `inputs: ${sources.labelled.length} labelled messages; CANARD ${sources.canard?.length ?? 'absent'}, ` +
      `CLAMBER ${sources.clamber?.length ?? 'absent'}, ClariQ ${sources.clariq?.length ?? 'absent'}`,
  );
  console.log(
    `threshold ${model.threshold.toFixed(4)}; trained in ${context.seconds.toFixed(1)} s`,
  );
  console.log(
    `${'set'.padEnd(24)} ${'n'.padStart(5)} ${'pos'.padStart(5)}   prec    rec     f1  auroc    fpr    acc`,
  );
  for (const [name, metrics] of Object.entries(model.metrics)) console.log(row(name, metrics));
  for (const [name, metrics] of canardBaselines(sources)) console.log(row(name, metrics));
  console.log(
    context.output === null ? '(dry run: weights not written)' : `wrote ${context.output}`,
  );
}

/** With `--diagnose`: out-of-fold figures per source, dense coefficients, and the errors. */
export function printDiagnostics(context: {
  examples: readonly GateTrainingExample[];
  scores: readonly number[];
  threshold: number;
  model: HistoryGateModel;
}): void {
  const { examples, scores, threshold, model } = context;
  const bySource = new Map<string, ScoredLabel[]>();
  examples.forEach((example, index) => {
    const item = { score: scores[index] ?? 0, label: example.label };
    bySource.set(example.source, [...(bySource.get(example.source) ?? []), item]);
  });
  for (const [source, items] of bySource)
    console.log(row(`oof ${source}`, detectionMetrics(items, threshold)));
  model.featureNames.forEach((name, index) =>
    console.log(`coefficient ${name} ${model.weights.denseCoefficients[index]?.toFixed(3)}`),
  );
  examples.forEach((example, index) => {
    const score = scores[index] ?? 0;
    if (example.source.endsWith('augmented') || score >= threshold === example.label) return;
    console.log(
      `${example.source} ${example.label ? 'FN' : 'FP'} ${score.toFixed(3)} ${example.message}`,
    );
  });
}
