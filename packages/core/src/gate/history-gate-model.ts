import { ClarifyError } from '../errors';
import type { DetectionMetrics } from './detection-metrics';
import type { GateFeatures } from './gate-features';
import { hashNgrams } from './hashed-ngrams';
import type { FeatureVector, LogisticRegressionWeights } from './logistic-regression';

/** The history gate's trained model, as stored in `history-gate-weights.json`. */
export type HistoryGateModel = {
  format: 'clarify-history-gate/1';
  /** Dense feature names, in the order of the weights' dense arrays. */
  featureNames: string[];
  /** Number of hash buckets of the n-gram part. */
  buckets: number;
  /** Scores at or above it flag a message as depending on its history. */
  threshold: number;
  weights: LogisticRegressionWeights;
  /** How it was trained (sources, sizes, seed, split decisions); informational. */
  training: Record<string, unknown>;
  /** Metrics the training script measured with these exact weights, by data set. */
  metrics: Record<string, DetectionMetrics>;
};

function isNumberArray(value: unknown, length?: number): value is number[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'number' && Number.isFinite(item)) &&
    (length === undefined || value.length === length)
  );
}

/** Checks an untyped value (parsed JSON) and returns it as a model; throws on any mismatch. */
export function parseHistoryGateModel(value: unknown): HistoryGateModel {
  const model = value as Partial<HistoryGateModel> | null;
  const weights = model?.weights as Partial<LogisticRegressionWeights> | undefined;
  const names = model?.featureNames;
  const valid =
    model?.format === 'clarify-history-gate/1' &&
    Array.isArray(names) &&
    names.every((name) => typeof name === 'string') &&
    typeof model.buckets === 'number' &&
    model.buckets > 0 &&
    typeof model.threshold === 'number' &&
    typeof weights?.bias === 'number' &&
    isNumberArray(weights.denseMean, names.length) &&
    isNumberArray(weights.denseScale, names.length) &&
    isNumberArray(weights.denseCoefficients, names.length) &&
    weights.sparseSize === model.buckets &&
    isNumberArray(weights.sparseCoefficients, model.buckets);
  if (!valid) throw new ClarifyError('invalid_input', 'history gate model is malformed');
  return {
    ...(model as HistoryGateModel),
    training: model.training ?? {},
    metrics: model.metrics ?? {},
  };
}

/**
 * The model input for a message's features: dense values in the model's feature order and the
 * hashed n-grams. Throws when the model names a feature the extractor does not produce.
 */
export function toFeatureVector(
  features: GateFeatures,
  featureNames: readonly string[],
  buckets: number,
): FeatureVector {
  const values: Record<string, number> = features.values;
  const dense = featureNames.map((name) => {
    const value = values[name];
    if (value === undefined)
      throw new ClarifyError('invalid_input', `history gate model needs unknown feature ${name}`);
    return value;
  });
  return { dense, sparse: hashNgrams(features.textTokens, buckets) };
}
