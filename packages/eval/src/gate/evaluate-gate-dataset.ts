import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAmbiguityClassifier, createHistoryGate, type DetectionMetrics } from '@clarify/core';
import {
  canardGateItems,
  canardHalf,
  clamberGroups,
  clamberHalf,
  clariqAmbiguityItems,
  evaluateAmbiguityClassifier,
  evaluateHistoryGate,
  parseCanardItems,
  parseClamberItems,
  parseClariqTopics,
  type CanardHalf,
  type CanardItem,
} from '../detection';
import { GATE_DATASET_FILES, type GateDatasetName } from './gate-dataset';

/** How many questions (and dialogues, for CANARD) a half holds. */
export type HalfSize = { questions: number; dialogues?: number };

/**
 * The history gate on CANARD dev. Positive = the question depends on its history
 * (`canardDependsOnHistory`): `metrics.recall` is the recall on history-dependent questions,
 * `metrics.falsePositiveRate` the share of self-contained questions flagged.
 */
export type CanardGateFigures = {
  dataset: 'canard';
  file: string;
  detector: 'history gate';
  /** The half scored; the other one trained the gate's committed weights. */
  scored: 'evaluation';
  halves: Record<CanardHalf, HalfSize>;
  metrics: DetectionMetrics;
  /** The scored questions asked again without their history: the gate must never flag them. */
  withoutHistory: { count: number; flagged: number; notFlaggedRate: number };
};

/** The ambiguity classifier on ClariQ dev (need 1 = clear, 3–4 = ambiguous, 2 left out). */
export type ClariqGateFigures = {
  dataset: 'clariq';
  file: string;
  detector: 'ambiguity classifier';
  scored: 'dev';
  /** Topics with clarification need 2, not scored. */
  leftOut: number;
  metrics: DetectionMetrics;
};

/** The ambiguity classifier on CLAMBER's evaluation half, overall and by category. */
export type ClamberGateFigures = {
  dataset: 'clamber';
  file: string;
  detector: 'ambiguity classifier';
  /** The half scored; the other one trained the classifier's committed weights. */
  scored: 'evaluation';
  halves: Record<'train' | 'evaluation', HalfSize>;
  metrics: DetectionMetrics;
  groups: { name: string; metrics: DetectionMetrics }[];
};

/** What `clarify eval-gate` reports for one set. */
export type GateDatasetFigures = CanardGateFigures | ClariqGateFigures | ClamberGateFigures;

function halfSizes(items: readonly CanardItem[]): Record<CanardHalf, HalfSize> {
  const size = (half: CanardHalf) => {
    const members = items.filter((item) => canardHalf(item.dialogId) === half);
    return {
      questions: members.length,
      dialogues: new Set(members.map((item) => item.dialogId)).size,
    };
  };
  return { train: size('train'), evaluation: size('evaluation') };
}

function evaluateCanard(file: string): CanardGateFigures {
  const items = parseCanardItems(JSON.parse(readFileSync(file, 'utf8')));
  const scored = canardGateItems(items, 'evaluation');
  const gate = createHistoryGate();
  const flagged = scored.filter((item) => gate.assess(item.message, []).dependsOnHistory).length;
  return {
    dataset: 'canard',
    file,
    detector: 'history gate',
    scored: 'evaluation',
    halves: halfSizes(items),
    metrics: evaluateHistoryGate(gate, scored),
    withoutHistory: {
      count: scored.length,
      flagged,
      notFlaggedRate: scored.length === 0 ? 0 : 1 - flagged / scored.length,
    },
  };
}

function evaluateClariq(file: string): ClariqGateFigures {
  const topics = parseClariqTopics(readFileSync(file, 'utf8'));
  const items = clariqAmbiguityItems(topics);
  return {
    dataset: 'clariq',
    file,
    detector: 'ambiguity classifier',
    scored: 'dev',
    leftOut: topics.length - items.length,
    metrics: evaluateAmbiguityClassifier(createAmbiguityClassifier(), items),
  };
}

function evaluateClamber(file: string): ClamberGateFigures {
  const items = parseClamberItems(readFileSync(file, 'utf8'));
  const scored = items.filter((item) => clamberHalf(item.message) === 'evaluation');
  const classifier = createAmbiguityClassifier();
  return {
    dataset: 'clamber',
    file,
    detector: 'ambiguity classifier',
    scored: 'evaluation',
    halves: {
      train: { questions: items.length - scored.length },
      evaluation: { questions: scored.length },
    },
    metrics: evaluateAmbiguityClassifier(classifier, scored),
    groups: clamberGroups(scored).map((group) => ({
      name: group.name,
      metrics: evaluateAmbiguityClassifier(classifier, group.items),
    })),
  };
}

/**
 * Detection figures of one set in `folder` (which holds `GATE_DATASET_FILES[name]`): the
 * history gate on CANARD dev's evaluation half, the ambiguity classifier on ClariQ dev or on
 * CLAMBER's evaluation half. Only data the committed weights were not trained on is scored.
 */
export function evaluateGateFolder(name: GateDatasetName, folder: string): GateDatasetFigures {
  const file = join(folder, GATE_DATASET_FILES[name]);
  if (name === 'canard') return evaluateCanard(file);
  if (name === 'clariq') return evaluateClariq(file);
  return evaluateClamber(file);
}

/** `evaluateGateFolder` on `<evalDirectory>/detection/<name>` (evalDirectory: `shared/eval`). */
export function evaluateGateDataset(
  name: GateDatasetName,
  evalDirectory: string,
): GateDatasetFigures {
  return evaluateGateFolder(name, join(evalDirectory, 'detection', name));
}
