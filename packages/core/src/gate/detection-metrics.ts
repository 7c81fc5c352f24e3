/** A scored example of a binary detection task; `weight` (default 1) counts in `chooseThreshold`. */
export type ScoredLabel = { score: number; label: boolean; weight?: number };

/** Detection quality at one threshold (positive = "depends on history"), plus AUROC. */
export type DetectionMetrics = {
  count: number;
  positives: number;
  threshold: number;
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
  /** Share of negatives (self-contained messages) flagged. */
  falsePositiveRate: number;
  /** Area under the ROC curve; ties count one half. */
  auroc: number;
};

/** Area under the ROC curve by the rank-sum (Mann–Whitney) formula, with average ranks for ties. */
export function areaUnderRoc(items: readonly ScoredLabel[]): number {
  const sorted = [...items].sort((left, right) => left.score - right.score);
  const positives = sorted.filter((item) => item.label).length;
  const negatives = sorted.length - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  let positiveRankSum = 0;
  for (let start = 0; start < sorted.length;) {
    let end = start;
    while (end + 1 < sorted.length && sorted[end + 1]?.score === sorted[start]?.score) end++;
    const averageRank = (start + end) / 2 + 1;
    for (let index = start; index <= end; index++)
      if (sorted[index]?.label === true) positiveRankSum += averageRank;
    start = end + 1;
  }
  return (positiveRankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

function ratio(numerator: number, denominator: number): number {
  return denominator === 0 ? 0 : numerator / denominator;
}

/** Precision, recall, F1, accuracy and false-positive rate at `threshold` (score ≥ threshold). */
export function detectionMetrics(
  items: readonly ScoredLabel[],
  threshold: number,
): DetectionMetrics {
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let trueNegatives = 0;
  for (const { score, label } of items) {
    const flagged = score >= threshold;
    if (flagged && label) truePositives++;
    else if (flagged) falsePositives++;
    else if (label) falseNegatives++;
    else trueNegatives++;
  }
  const precision = ratio(truePositives, truePositives + falsePositives);
  const recall = ratio(truePositives, truePositives + falseNegatives);
  return {
    count: items.length,
    positives: truePositives + falseNegatives,
    threshold,
    precision,
    recall,
    f1: ratio(2 * precision * recall, precision + recall),
    accuracy: ratio(truePositives + trueNegatives, items.length),
    falsePositiveRate: ratio(falsePositives, falsePositives + trueNegatives),
    auroc: areaUnderRoc(items),
  };
}

/** What `chooseThreshold` maximises: F1, or the mean of recall and F1 (leans toward recall). */
export type ThresholdCriterion = 'f1' | 'recall-f1';

/**
 * The threshold, among the observed scores, that maximises `criterion` for the positive class
 * (flagged = score ≥ threshold), counting each item with its weight; the highest such
 * threshold wins ties. One sweep, O(n log n).
 */
export function chooseThreshold(
  items: readonly ScoredLabel[],
  criterion: ThresholdCriterion = 'f1',
): number {
  const sorted = [...items].sort((left, right) => right.score - left.score);
  const positives = sorted.reduce((sum, item) => sum + (item.label ? (item.weight ?? 1) : 0), 0);
  let truePositives = 0;
  let flagged = 0;
  let best = { threshold: 0.5, value: -1 };
  for (let index = 0; index < sorted.length; index++) {
    const item = sorted[index];
    if (item === undefined) continue;
    flagged += item.weight ?? 1;
    if (item.label) truePositives += item.weight ?? 1;
    if (sorted[index + 1]?.score === item.score) continue;
    const precision = ratio(truePositives, flagged);
    const recall = ratio(truePositives, positives);
    const f1 = ratio(2 * precision * recall, precision + recall);
    const value = criterion === 'f1' ? f1 : (recall + f1) / 2;
    if (value > best.value) best = { threshold: item.score, value };
  }
  return best.threshold;
}
