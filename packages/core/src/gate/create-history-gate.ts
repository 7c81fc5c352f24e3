import { extractGateFeatures, type GateFeatures, type GateHistoryTurn } from './gate-features';
import {
  parseHistoryGateModel,
  toFeatureVector,
  type HistoryGateModel,
} from './history-gate-model';
import committedWeights from './history-gate-weights.json' with { type: 'json' };
import { predict } from './logistic-regression';
import { plainMessage } from './plain-message';

/** The gate's verdict on one message. */
export type HistoryGateAssessment = {
  /** Rewrite the message into a standalone question before retrieval. */
  dependsOnHistory: boolean;
  /** The model's probability that the message depends on the thread (0 without history). */
  score: number;
  /** The dense features it used, by name, for traces and the "why" view. */
  features: Record<string, number>;
};

/** Pipeline stage 2: does a chat message lean on its thread? */
export type HistoryGate = {
  readonly threshold: number;
  assess(message: string, history: readonly GateHistoryTurn[]): HistoryGateAssessment;
};

/** Options of `createHistoryGate`. */
export type HistoryGateOptions = {
  /** A trained model; by default the committed `history-gate-weights.json`. */
  weights?: HistoryGateModel;
  /** Flag at or above this score; by default the threshold stored with the weights. */
  threshold?: number;
};

let committedModel: HistoryGateModel | undefined;

/** The committed model, checked once. */
export function committedHistoryGateModel(): HistoryGateModel {
  committedModel ??= parseHistoryGateModel(committedWeights);
  return committedModel;
}

/**
 * What the gate computes before scoring: markup stripped from the message and every turn (turns
 * left empty are dropped), then the message's features.
 */
export function historyGateFeatures(
  message: string,
  history: readonly GateHistoryTurn[],
): { features: GateFeatures; turns: GateHistoryTurn[] } {
  const turns = history
    .map((turn) => ({ role: turn.role, text: plainMessage(turn.text) }))
    .filter((turn) => turn.text !== '');
  return { features: extractGateFeatures(plainMessage(message), turns), turns };
}

/**
 * The history gate (Adobe's ambiguity-guided rewrite, stage 2 of PIPELINE.md): strips Slack
 * markup, extracts the message's features and scores them with the logistic regression. A
 * message with an empty history is never flagged: there is nothing it could depend on.
 */
export function createHistoryGate(options: HistoryGateOptions = {}): HistoryGate {
  const model = options.weights ?? committedHistoryGateModel();
  const threshold = options.threshold ?? model.threshold;
  return {
    threshold,
    assess(message, history) {
      const { features, turns } = historyGateFeatures(message, history);
      if (turns.length === 0)
        return { dependsOnHistory: false, score: 0, features: features.values };
      const vector = toFeatureVector(features, model.featureNames, model.buckets);
      const score = predict(model.weights, vector);
      return { dependsOnHistory: score >= threshold, score, features: features.values };
    },
  };
}
