/**
 * Trains the single-turn ambiguity classifier ("does this message need a clarifying question?")
 * and writes packages/core/src/ambiguity/ambiguity-classifier-weights.json.
 *
 *   cd packages/eval && node --import tsx scripts/detection/train-ambiguity-classifier.ts [--eval-dir DIR] [--dry-run] [--diagnose]
 *
 * Data (`--eval-dir`, default ../shared/eval beside the repository):
 * - trained on: ClariQ **train** (`clarification_need` 1 → clear, 3–4 → ambiguous, 2 left out;
 *   one example per topic) and the **train** half of CLAMBER (`clamberHalf`: FNV-1a of the
 *   question even);
 * - never trained on, only scored: ClariQ **dev** and CLAMBER's **evaluation** half (FNV-1a odd).
 *   The threshold is chosen on out-of-fold scores of the training set, not on these.
 * Reproducible: fixed example order, fixed folds, full-batch optimisation (no randomness).
 */
import { readTrainingArgs } from './training-args';
import { join } from 'node:path';
import { extractAmbiguityFeatures } from '@clarify/core';
import {
  AMBIGUITY_MODEL_FORMAT,
  ambiguityFeatureVector,
  parseAmbiguityClassifierModel,
  type AmbiguityClassifierModel,
} from '@clarify/core';
import { AMBIGUITY_FEATURE_NAMES } from '@clarify/core';
import { clamberGroups, clamberHalf } from '../../src/detection/clamber-labels';
import { clariqAmbiguityItems } from '../../src/detection/clariq-labels';
import { createAmbiguityClassifier } from '@clarify/core';
import { evaluateAmbiguityClassifier } from '../../src/detection/evaluate-ambiguity-classifier';
import { chooseThreshold, detectionMetrics, type DetectionMetrics } from '@clarify/core';
import { trainLogisticRegression as train, type TrainOptions } from '@clarify/core';
import {
  buildAmbiguityTrainingSet,
  type AmbiguityTrainingSource,
} from './ambiguity/build-ambiguity-training-set';
import { loadAmbiguitySources, type AmbiguitySources } from './ambiguity/load-ambiguity-sources';
import { classBalanced, outOfFoldScores } from './ambiguity/out-of-fold-scores';
import { metricsRow, printAmbiguityReport } from './ambiguity/report';
import { writeModelJson } from './ambiguity/write-model-json';
import { roundModel } from './history-gate/report';

const BUCKETS = 4096;
const FOLDS = 5;
const TRAIN_OPTIONS: TrainOptions = {
  sparseSize: BUCKETS,
  l2: 1e-3,
  iterations: 400,
  learningRate: 0.05,
};
/** ClariQ has 113 usable train topics against about 1,600 CLAMBER questions: weigh it up. */
const SOURCE_WEIGHTS: Record<AmbiguityTrainingSource, number> = { clariq: 5, clamber: 1 };

/** The model with coefficients and metrics rounded as the history gate's are. */
function rounded(model: AmbiguityClassifierModel): AmbiguityClassifierModel {
  const gateShaped = roundModel({ ...model, format: 'clarify-history-gate/1' });
  return { ...gateShaped, format: AMBIGUITY_MODEL_FORMAT };
}

/** What the model is measured on: ClariQ dev, then CLAMBER's evaluation half and its groups. */
function heldOutMetrics(model: AmbiguityClassifierModel, sources: AmbiguitySources) {
  const classifier = createAmbiguityClassifier({ weights: model });
  const clamber = sources.clamber.filter((item) => clamberHalf(item.message) === 'evaluation');
  const metrics: Record<string, DetectionMetrics> = {
    clariqDev: evaluateAmbiguityClassifier(classifier, clariqAmbiguityItems(sources.clariqDev)),
    clamberEvaluation: evaluateAmbiguityClassifier(classifier, clamber),
  };
  for (const group of clamberGroups(clamber))
    metrics[`clamberEvaluation:${group.name}`] = evaluateAmbiguityClassifier(
      classifier,
      group.items,
    );
  return metrics;
}

/** Trivial detectors on ClariQ dev, to read the model's figures against. */
function baselines(sources: AmbiguitySources): [string, DetectionMetrics][] {
  const items = clariqAmbiguityItems(sources.clariqDev);
  const rule = (name: string, flags: (message: string) => boolean): [string, DetectionMetrics] => [
    `  clariqDev ${name}`,
    detectionMetrics(
      items.map((item) => ({ score: flags(item.message) ? 1 : 0, label: item.ambiguous })),
      0.5,
    ),
  ];
  return [
    rule('flag everything', () => true),
    rule('≤ 2 topic words', (message) => {
      return extractAmbiguityFeatures(message).values.topicWordCount <= 2;
    }),
  ];
}

function main(): void {
  const { evalDirectory, packageRoot, dryRun, diagnose } = readTrainingArgs();
  const sources = loadAmbiguitySources(evalDirectory);
  const started = performance.now();
  const examples = buildAmbiguityTrainingSet(sources, SOURCE_WEIGHTS);
  const shape = { featureNames: [...AMBIGUITY_FEATURE_NAMES], buckets: BUCKETS };
  const rows = examples.map((example) => ({
    features: ambiguityFeatureVector(extractAmbiguityFeatures(example.message), shape),
    label: example.label,
    weight: example.weight,
    group: example.group,
  }));
  const scores = outOfFoldScores(rows, { ...TRAIN_OPTIONS, folds: FOLDS });
  const outOfFold = examples.map((example, index) => ({
    score: scores[index] ?? 0,
    label: example.label,
    weight: example.weight,
  }));
  const threshold = chooseThreshold(classBalanced(outOfFold), 'f1');
  const weights = train(rows, TRAIN_OPTIONS);
  const sourceCounts: Record<string, number> = {};
  for (const example of examples)
    sourceCounts[example.source] = (sourceCounts[example.source] ?? 0) + 1;
  const trained: AmbiguityClassifierModel = rounded({
    format: AMBIGUITY_MODEL_FORMAT,
    ...shape,
    threshold,
    weights,
    training: {
      command:
        'cd packages/eval && node --import tsx scripts/detection/train-ambiguity-classifier.ts',
      folds: FOLDS,
      options: TRAIN_OPTIONS,
      sourceWeights: SOURCE_WEIGHTS,
      examples: examples.length,
      positives: examples.filter((example) => example.label).length,
      sources: sourceCounts,
      clariqLabels: 'clarification_need 1 → clear, 3–4 → ambiguous, 2 left out; one row per topic',
      clariqSplit: 'train.tsv trained on; dev.tsv never trained on (scored as clariqDev)',
      clamberSplit:
        'FNV-1a(question) % 2: 0 = train (used), 1 = evaluation (never trained on; clamberEvaluation)',
      thresholdRule: 'max F1 on class-balanced out-of-fold scores of the training set',
    },
    metrics: {},
  });
  // Metrics are measured with the rounded weights as they will be read back from the file.
  const model = parseAmbiguityClassifierModel(JSON.parse(JSON.stringify(trained)));
  model.metrics = {
    trainingOutOfFold: detectionMetrics(outOfFold, threshold),
    ...heldOutMetrics(model, sources),
  };
  const seconds = (performance.now() - started) / 1000;
  const output = join(packageRoot, 'src/ambiguity/ambiguity-classifier-weights.json');
  if (!dryRun) writeModelJson(output, rounded(model));
  if (diagnose) {
    for (const source of ['clariq', 'clamber'] as const) {
      const items = outOfFold.filter((_item, index) => examples[index]?.source === source);
      console.log(metricsRow(`oof ${source}`, detectionMetrics(items, threshold)));
    }
    model.featureNames.forEach((name, index) =>
      console.log(`coefficient ${name} ${model.weights.denseCoefficients[index]?.toFixed(3)}`),
    );
  }
  printAmbiguityReport(rounded(model), {
    seconds,
    output: dryRun ? null : output,
    baselines: baselines(sources),
  });
}

main();
