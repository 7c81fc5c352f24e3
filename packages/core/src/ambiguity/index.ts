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
