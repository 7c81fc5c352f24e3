import { clamberHalf } from '../../../src/detection/clamber-labels';
import { clariqAmbiguityItems } from '../../../src/detection/clariq-labels';
import type { AmbiguitySources } from './load-ambiguity-sources';

/** Where a training example comes from. */
export type AmbiguityTrainingSource = 'clariq' | 'clamber';

/** One example of the ambiguity classifier's training set. */
export type AmbiguityTrainingExample = {
  message: string;
  label: boolean;
  /** Cross-validation folds never split a group (a ClariQ topic, a CLAMBER question). */
  group: string;
  source: AmbiguityTrainingSource;
  weight: number;
};

/**
 * The training set, in a fixed order: ClariQ **train** topics (need 1 → clear, 3–4 →
 * ambiguous, 2 left out), then the **train** half of CLAMBER. ClariQ dev and CLAMBER's
 * evaluation half never enter it.
 */
export function buildAmbiguityTrainingSet(
  sources: AmbiguitySources,
  sourceWeights: Record<AmbiguityTrainingSource, number>,
): AmbiguityTrainingExample[] {
  return [
    ...clariqAmbiguityItems(sources.clariqTrain).map((item) => ({
      message: item.message,
      label: item.ambiguous,
      group: `clariq:${item.topicId}`,
      source: 'clariq' as const,
      weight: sourceWeights.clariq,
    })),
    ...sources.clamber
      .filter((item) => clamberHalf(item.message) === 'train')
      .map((item) => ({
        message: item.message,
        label: item.ambiguous,
        group: `clamber:${item.message}`,
        source: 'clamber' as const,
        weight: sourceWeights.clamber,
      })),
  ];
}
