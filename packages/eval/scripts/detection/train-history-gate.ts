/**
 * Trains the history gate (pipeline stage 2) and writes packages/core/src/gate/history-gate-weights.json.
 *
 *   cd packages/eval && node --import tsx scripts/detection/train-history-gate.ts [--eval-dir DIR] [--dry-run] [--diagnose]
 *
 * Reproducible: fixed seed, fixed example order, full-batch optimisation. Data and splits are
 * described in packages/eval/data/gate/README.md. `--eval-dir` defaults to ../shared/eval beside the repository.
 */
import { readTrainingArgs } from './training-args';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canardGateItems } from '../../src/detection/canard-labels';
import { createHistoryGate, historyGateFeatures } from '@clarify/core';
import { chooseThreshold, detectionMetrics, type ScoredLabel } from '@clarify/core';
import { evaluateHistoryGate } from '../../src/detection/evaluate-history-gate';
import { GATE_FEATURE_NAMES } from '@clarify/core';
import { fnv1a } from '@clarify/core';
import { parseHistoryGateModel, toFeatureVector, type HistoryGateModel } from '@clarify/core';
import { labelledSplit } from '../../src/detection/labelled-messages';
import {
  predictLogisticRegression as predict,
  trainLogisticRegression as train,
  type FeatureVector,
  type TrainOptions,
} from '@clarify/core';
import {
  buildTrainingSet,
  type GateTrainingExample,
  type TrainingSetOptions,
} from './history-gate/build-training-set';
import { loadGateSources } from './history-gate/load-gate-sources';
import { printDiagnostics, printReport, roundModel } from './history-gate/report';

const SEED = 20_250_601;
const BUCKETS = 4096;
const FOLDS = 5;
/** Message-only features, as in the paper; the history facts stay in traces, not in the model. */
const MODEL_FEATURES = GATE_FEATURE_NAMES.filter(
  (name) => !['topicOverlap', 'namesInHistory', 'namesNewToHistory'].includes(name),
);
const TRAIN_OPTIONS: TrainOptions = {
  sparseSize: BUCKETS,
  l2: 3e-4,
  iterations: 500,
  learningRate: 0.05,
};
const SET_OPTIONS: TrainingSetOptions = {
  seed: SEED,
  sourceWeights: {
    workplace: 3,
    'workplace-opener': 1,
    'workplace-augmented': 1,
    canard: 1,
    'canard-rewrite': 1,
    clamber: 0.3,
    'clamber-augmented': 0.3,
    clariq: 0.3,
    'clariq-augmented': 0.3,
  },
  externalAugmentShare: 0.3,
  workplaceVariants: 2,
};
/** Sources with real labels (not augmented, in a conversation): the threshold is chosen on them. */
const THRESHOLD_SOURCES: ReadonlySet<string> = new Set([
  'workplace',
  'workplace-opener',
  'canard',
  'canard-rewrite',
]);

function trainingRows(examples: readonly GateTrainingExample[], vectors: readonly FeatureVector[]) {
  return examples.map((example, row) => ({
    features: vectors[row] as FeatureVector,
    label: example.label,
    weight: example.weight,
  }));
}

/** Grouped k-fold: each example scored by a model that never saw its thread or dialogue. */
function outOfFoldScores(
  examples: readonly GateTrainingExample[],
  vectors: readonly FeatureVector[],
): number[] {
  const folds = examples.map((example) => fnv1a(example.group) % FOLDS);
  const rows = trainingRows(examples, vectors);
  const scores = new Array<number>(examples.length).fill(0);
  for (let fold = 0; fold < FOLDS; fold++) {
    const weights = train(
      rows.filter((_row, index) => folds[index] !== fold),
      TRAIN_OPTIONS,
    );
    folds.forEach((value, index) => {
      if (value === fold) scores[index] = predict(weights, vectors[index] as FeatureVector);
    });
  }
  return scores;
}

function classBalanced(items: readonly ScoredLabel[]): ScoredLabel[] {
  const positives = items.filter((item) => item.label).length;
  const negatives = items.length - positives;
  return items.map((item) => ({ ...item, weight: item.label ? 1 / positives : 1 / negatives }));
}

/** Writes the model and formats it with the repository's Prettier, as `pnpm format` would. */
function writeWeights(path: string, model: HistoryGateModel): void {
  writeFileSync(path, `${JSON.stringify(model, null, 2)}\n`);
  try {
    execFileSync('pnpm', ['exec', 'prettier', '--write', path], { stdio: 'ignore' });
  } catch {
    console.warn(`could not run prettier; run \`pnpm format\` before committing ${path}`);
  }
}

function main(): void {
  const { evalDirectory, packageRoot, dryRun, diagnose } = readTrainingArgs();
  const sources = loadGateSources(
    join(import.meta.dirname, '../../data/gate/labelled.jsonl'),
    evalDirectory,
  );
  const started = performance.now();
  const examples = buildTrainingSet(sources, SET_OPTIONS);
  const vectors = examples.map((example) =>
    toFeatureVector(
      historyGateFeatures(example.message, example.history).features,
      MODEL_FEATURES,
      BUCKETS,
    ),
  );
  const scores = outOfFoldScores(examples, vectors);
  const outOfFold = examples.flatMap((example, row) =>
    THRESHOLD_SOURCES.has(example.source)
      ? [{ score: scores[row] ?? 0, label: example.label }]
      : [],
  );
  const threshold = chooseThreshold(classBalanced(outOfFold), 'recall-f1');
  const weights = train(trainingRows(examples, vectors), TRAIN_OPTIONS);
  const sourceCounts: Record<string, number> = {};
  for (const example of examples)
    sourceCounts[example.source] = (sourceCounts[example.source] ?? 0) + 1;
  const rounded: HistoryGateModel = roundModel({
    format: 'clarify-history-gate/1',
    featureNames: [...MODEL_FEATURES],
    buckets: BUCKETS,
    threshold,
    weights,
    training: {
      command: 'cd packages/eval && node --import tsx scripts/detection/train-history-gate.ts',
      seed: SEED,
      folds: FOLDS,
      options: TRAIN_OPTIONS,
      setOptions: SET_OPTIONS,
      examples: examples.length,
      positives: examples.filter((example) => example.label).length,
      sources: sourceCounts,
      canardSplit:
        'FNV-1a(QuAC_dialog_id) % 2: 0 = train (used), 1 = evaluation (never trained on)',
      labelledSplit: 'FNV-1a(thread) % 4: 0 = held-out (never trained on), else train',
      thresholdRule:
        'max mean(recall, F1) on class-balanced out-of-fold scores of workplace + CANARD train',
    },
    metrics: {},
  });
  // Metrics are measured with the rounded weights as they will be read back from the file.
  const model = parseHistoryGateModel(JSON.parse(JSON.stringify(rounded)));
  const gate = createHistoryGate({ weights: model });
  model.metrics.trainingOutOfFold = detectionMetrics(outOfFold, threshold);
  model.metrics.workplaceHeldOut = evaluateHistoryGate(
    gate,
    sources.labelled.filter((item) => labelledSplit(item.thread) === 'held-out'),
  );
  if (sources.canard !== null)
    model.metrics.canardEvaluation = evaluateHistoryGate(
      gate,
      canardGateItems(sources.canard, 'evaluation'),
    );
  const seconds = (performance.now() - started) / 1000;
  const output = join(packageRoot, 'src/gate/history-gate-weights.json');
  if (!dryRun) writeWeights(output, roundModel(model));
  if (diagnose) printDiagnostics({ examples, scores, threshold, model });
  printReport(roundModel(model), { seconds, output: dryRun ? null : output, sources });
}

main();
