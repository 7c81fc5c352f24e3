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
export { contentWords, normaliseWord, wordsOf } from './content-words';
export { fnv1a, hashNgrams, type SparseEntry } from './hashed-ngrams';
export { countNameSpans, findNameSpans, isNameToken } from './find-names';
export { countSentences, messageWords, tokenizeMessage, type MessageToken } from './gate-text';
export {
  AUXILIARY_VERBS,
  ENTITY_TYPE_WORDS,
  FUNCTION_WORDS,
  PERSONAL_PRONOUNS,
  QUESTION_WORDS,
  REFERENTIAL_WORDS,
  THREAD_DEICTICS,
} from './gate-words';
