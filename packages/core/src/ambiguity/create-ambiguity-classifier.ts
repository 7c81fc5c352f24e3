import { predict } from '../gate/logistic-regression';
import { plainMessage } from '../gate/plain-message';
import { extractAmbiguityFeatures } from './ambiguity-features';
import {
  ambiguityFeatureVector,
  parseAmbiguityClassifierModel,
  type AmbiguityClassifierModel,
} from './ambiguity-classifier-model';
import committedWeights from './ambiguity-classifier-weights.json' with { type: 'json' };

/** The classifier's verdict on one message. */
export type AmbiguityAssessment = {
  /** The message, on its own, needs a clarifying question. */
  ambiguous: boolean;
  /** The model's probability that the message is ambiguous. */
  score: number;
  /** The dense features it used, by name, for traces and the "why" view. */
  features: Record<string, number>;
};

/** Single-turn ambiguity: does this message, read alone, need a clarifying question? */
export type AmbiguityClassifier = {
  readonly threshold: number;
  assess(message: string): AmbiguityAssessment;
};

/** Options of `createAmbiguityClassifier`. */
export type AmbiguityClassifierOptions = {
  /** A trained model; by default the committed `ambiguity-classifier-weights.json`. */
  weights?: AmbiguityClassifierModel;
  /** Flag at or above this score; by default the threshold stored with the weights. */
  threshold?: number;
};

let committedModel: AmbiguityClassifierModel | undefined;

/** The committed model, checked once. */
export function committedAmbiguityClassifierModel(): AmbiguityClassifierModel {
  committedModel ??= parseAmbiguityClassifierModel(committedWeights);
  return committedModel;
}

/**
 * The ambiguity classifier: the history gate's recipe (message features, entity masking, hashed
 * word n-grams, logistic regression) trained on ClariQ and CLAMBER to tell a message that needs a
 * clarifying question from one that can be answered as asked. It sees no thread: ambiguity that
 * only the history resolves is the history gate's business. Slack markup is stripped first.
 */
export function createAmbiguityClassifier(
  options: AmbiguityClassifierOptions = {},
): AmbiguityClassifier {
  const model = options.weights ?? committedAmbiguityClassifierModel();
  const threshold = options.threshold ?? model.threshold;
  return {
    threshold,
    assess(message) {
      const features = extractAmbiguityFeatures(plainMessage(message));
      const score = predict(model.weights, ambiguityFeatureVector(features, model));
      return { ambiguous: score >= threshold, score, features: features.values };
    },
  };
}
