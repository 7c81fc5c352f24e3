import { detectionMetrics, type DetectionMetrics, type ScoredLabel } from '@clarify/core';
import type { AmbiguityItem } from './ambiguity-item';
import type { AmbiguityClassifier } from '@clarify/core';

/** Scores every item with the classifier (label: the item is ambiguous). */
export function scoreWithAmbiguityClassifier(
  classifier: AmbiguityClassifier,
  items: readonly AmbiguityItem[],
): ScoredLabel[] {
  return items.map((item) => ({
    score: classifier.assess(item.message).score,
    label: item.ambiguous,
  }));
}

/** Precision, recall, F1, AUROC and false-positive rate at the classifier's own threshold. */
export function evaluateAmbiguityClassifier(
  classifier: AmbiguityClassifier,
  items: readonly AmbiguityItem[],
): DetectionMetrics {
  return detectionMetrics(scoreWithAmbiguityClassifier(classifier, items), classifier.threshold);
}
