export {
  DEFAULT_EVAL_DIRECTORY,
  GATE_DATASET_FILES,
  GATE_DATASET_NAMES,
  resolveGateDataset,
  type GateDataset,
  type GateDatasetName,
} from './gate-dataset';
export {
  evaluateGateDataset,
  evaluateGateFolder,
  type CanardGateFigures,
  type ClamberGateFigures,
  type ClariqGateFigures,
  type GateDatasetFigures,
  type HalfSize,
} from './evaluate-gate-dataset';
export { formatGateFigures } from './format-gate-figures';
