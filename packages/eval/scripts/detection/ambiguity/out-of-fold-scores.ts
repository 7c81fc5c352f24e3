import type { ScoredLabel } from '@clarify/core';
import { fnv1a } from '@clarify/core';
import {
  predictLogisticRegression as predict,
  trainLogisticRegression as train,
  type LabelledVector,
  type TrainOptions,
} from '@clarify/core';

/**
 * Grouped k-fold cross-validation: each row is scored by a model trained on the folds that do
 * not hold its group (fold = FNV-1a(group) % folds), so no group is scored by a model that saw it.
 */
export function outOfFoldScores(
  rows: readonly (LabelledVector & { group: string })[],
  options: TrainOptions & { folds: number },
): number[] {
  const folds = rows.map((row) => fnv1a(row.group) % options.folds);
  const scores = new Array<number>(rows.length).fill(0);
  for (let fold = 0; fold < options.folds; fold++) {
    const weights = train(
      rows.filter((_row, index) => folds[index] !== fold),
      options,
    );
    rows.forEach((row, index) => {
      if (folds[index] === fold) scores[index] = predict(weights, row.features);
    });
  }
  return scores;
}

/** The items reweighted so that each class weighs the same in total. */
export function classBalanced(items: readonly ScoredLabel[]): ScoredLabel[] {
  const positives = items.filter((item) => item.label).length;
  const negatives = items.length - positives;
  return items.map((item) => ({
    ...item,
    weight: (item.weight ?? 1) / (item.label ? positives : negatives),
  }));
}
