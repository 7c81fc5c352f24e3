import {
  evaluateGateFolder,
  formatGateFigures,
  resolveGateDataset,
  type GateDatasetFigures,
} from '@clarify/eval';
import type { Output } from '../output';

/** Options of `clarify eval-gate`. */
export type EvalGateCommandOptions = {
  /** `canard`, `clariq`, `clamber`, or a path to such a set's folder. */
  dataset: string;
  /** The `shared/eval` folder that holds `detection/`; default `../shared/eval` of the repository. */
  evalDir?: string;
  json?: boolean;
};

/**
 * `clarify eval-gate <dataset>`: detection figures of the history gate (CANARD dev, evaluation
 * half) or the ambiguity classifier (ClariQ dev, CLAMBER evaluation half) with the committed
 * weights, as a table or JSON. A missing set throws one line naming the path.
 */
export function runEvalGateCommand(
  output: Output,
  options: EvalGateCommandOptions,
): GateDatasetFigures {
  const dataset = resolveGateDataset(options.dataset, options.evalDir);
  const figures = evaluateGateFolder(dataset.name, dataset.folder);
  if (options.json) output.out(JSON.stringify(figures, null, 2));
  else for (const line of formatGateFigures(figures)) output.out(line);
  return figures;
}
