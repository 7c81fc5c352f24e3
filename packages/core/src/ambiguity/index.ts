export type { AmbiguityItem } from './ambiguity-item';
export {
  AMBIGUITY_FEATURE_NAMES,
  extractAmbiguityFeatures,
  type AmbiguityFeatureName,
  type AmbiguityFeatures,
} from './ambiguity-features';
export {
  AMBIGUITY_MODEL_FORMAT,
  ambiguityFeatureVector,
  parseAmbiguityClassifierModel,
  type AmbiguityClassifierModel,
} from './ambiguity-classifier-model';
export {
  committedAmbiguityClassifierModel,
  createAmbiguityClassifier,
  type AmbiguityAssessment,
  type AmbiguityClassifier,
  type AmbiguityClassifierOptions,
} from './create-ambiguity-classifier';
export {
  evaluateAmbiguityClassifier,
  scoreWithAmbiguityClassifier,
} from './evaluate-ambiguity-classifier';
export { clariqAmbiguityItems, parseClariqTopics, type ClariqTopic } from './clariq-labels';
export {
  clamberGroups,
  clamberHalf,
  parseClamberItems,
  type ClamberGroup,
  type ClamberHalf,
  type ClamberItem,
} from './clamber-labels';
