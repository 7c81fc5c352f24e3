import { ClarifyError } from '../errors';
import { hashNgrams } from '../gate/hashed-ngrams';
import { parseHistoryGateModel, type HistoryGateModel } from '../gate/history-gate-model';
import type { FeatureVector } from '../gate/logistic-regression';
import type { AmbiguityFeatures } from './ambiguity-features';

/** The format tag of `ambiguity-classifier-weights.json`. */
export const AMBIGUITY_MODEL_FORMAT = 'clarify-ambiguity-classifier/1';

/**
 * The ambiguity classifier's trained model: the history gate's layout (dense feature names,
 * hash buckets, threshold, logistic-regression weights, training notes, measured metrics) under
 * its own format tag. Scores at or above `threshold` flag a message as ambiguous.
 */
export type AmbiguityClassifierModel = Omit<HistoryGateModel, 'format'> & {
  format: typeof AMBIGUITY_MODEL_FORMAT;
};

/** Checks an untyped value (parsed JSON) and returns it as a model; throws on any mismatch. */
export function parseAmbiguityClassifierModel(value: unknown): AmbiguityClassifierModel {
  if (typeof value === 'object' && value !== null) {
    const { format, ...rest } = value as Record<string, unknown>;
    if (format === AMBIGUITY_MODEL_FORMAT) {
      try {
        const model = parseHistoryGateModel({ ...rest, format: 'clarify-history-gate/1' });
        return { ...model, format };
      } catch {
        // Reported below, under this model's name.
      }
    }
  }
  throw new ClarifyError('invalid_input', 'ambiguity classifier model is malformed');
}

/**
 * The model input for a message: dense values in the model's feature order and the hashed
 * n-grams of its tokens. Throws when the model names a feature the extractor does not produce.
 */
export function ambiguityFeatureVector(
  features: AmbiguityFeatures,
  model: Pick<AmbiguityClassifierModel, 'featureNames' | 'buckets'>,
): FeatureVector {
  const values: Record<string, number> = features.values;
  const dense = model.featureNames.map((name) => {
    const value = values[name];
    if (value !== undefined) return value;
    throw new ClarifyError('invalid_input', `ambiguity model needs unknown feature ${name}`);
  });
  return { dense, sparse: hashNgrams(features.textTokens, model.buckets) };
}
