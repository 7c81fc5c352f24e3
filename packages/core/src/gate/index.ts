export {
  createHistoryGate,
  committedHistoryGateModel,
  historyGateFeatures,
  type HistoryGate,
  type HistoryGateAssessment,
  type HistoryGateOptions,
} from './create-history-gate';
export { plainMessage } from './plain-message';
export {
  extractGateFeatures,
  GATE_FEATURE_NAMES,
  type GateFeatureName,
  type GateFeatures,
  type GateHistoryTurn,
} from './gate-features';
export { colemanLiauIndex } from './gate-text';
export {
  ENTITY_TOKEN,
  maskEntities,
  type EntityKind,
  type MaskedEntity,
  type MaskedMessage,
} from './mask-entities';
export {
  parseHistoryGateModel,
  toFeatureVector,
  type HistoryGateModel,
} from './history-gate-model';
export {
  predict as predictLogisticRegression,
  train as trainLogisticRegression,
  type FeatureVector,
  type LabelledVector,
  type LogisticRegressionWeights,
  type TrainOptions,
} from './logistic-regression';
export {
  areaUnderRoc,
  chooseThreshold,
  detectionMetrics,
  type DetectionMetrics,
  type ScoredLabel,
  type ThresholdCriterion,
} from './detection-metrics';
export {
  evaluateHistoryGate,
  scoreWithHistoryGate,
  type GateEvaluationItem,
} from './evaluate-history-gate';
export {
  addedContentWords,
  canardDependsOnHistory,
  canardGateItems,
  canardHalf,
  canardHistoryTurns,
  parseCanardItems,
  resolvedReferences,
  type CanardHalf,
  type CanardItem,
} from './canard-labels';
export {
  labelledSplit,
  parseLabelledMessages,
  type LabelledMessage,
  type LabelledSplit,
} from './labelled-messages';
