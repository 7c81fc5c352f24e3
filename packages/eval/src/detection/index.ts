// Training and evaluation data of the history gate and the ambiguity classifier: CANARD,
// ClariQ and CLAMBER read into labelled items, the project's splits, augmentation, and the
// evaluation of a detector on them. Core holds the detectors themselves and their weights.
export type { AmbiguityItem } from './ambiguity-item';
export { augmentStandaloneMessage } from './augment-history-examples';
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
  clamberGroups,
  clamberHalf,
  parseClamberItems,
  type ClamberGroup,
  type ClamberHalf,
  type ClamberItem,
} from './clamber-labels';
export { clariqAmbiguityItems, parseClariqTopics, type ClariqTopic } from './clariq-labels';
export {
  evaluateAmbiguityClassifier,
  scoreWithAmbiguityClassifier,
} from './evaluate-ambiguity-classifier';
export {
  evaluateHistoryGate,
  scoreWithHistoryGate,
  type GateEvaluationItem,
} from './evaluate-history-gate';
export {
  labelledSplit,
  parseLabelledMessages,
  type LabelledMessage,
  type LabelledSplit,
} from './labelled-messages';
