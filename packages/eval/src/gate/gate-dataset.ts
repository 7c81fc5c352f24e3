import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { ClarifyError } from '@clarify/core';

/** The detection sets `clarify eval-gate` scores (folders of `shared/eval/detection`). */
export const GATE_DATASET_NAMES = ['canard', 'clariq', 'clamber'] as const;

/** One of `GATE_DATASET_NAMES`. */
export type GateDatasetName = (typeof GATE_DATASET_NAMES)[number];

/** The file of each set that `evaluateGateFolder` reads. */
export const GATE_DATASET_FILES: Record<GateDatasetName, string> = {
  canard: 'dev.json',
  clariq: 'dev.tsv',
  clamber: 'clamber_benchmark.jsonl',
};

/** `shared/eval` beside the repository (`../shared/eval` from its root). */
export const DEFAULT_EVAL_DIRECTORY = resolve(import.meta.dirname, '../../../../../shared/eval');

/** A detection set on disk. */
export type GateDataset = { name: GateDatasetName; folder: string };

function isGateDatasetName(value: string): value is GateDatasetName {
  return (GATE_DATASET_NAMES as readonly string[]).includes(value);
}

/**
 * Where a set lives: a bare name (`canard`, `clariq`, `clamber`) is looked up under
 * `<evalDirectory>/detection/`; anything else is a path to the set's folder, recognised by its
 * folder name or else by the file it holds. Throws one line naming the path when it is missing.
 */
export function resolveGateDataset(
  argument: string,
  evalDirectory: string = DEFAULT_EVAL_DIRECTORY,
): GateDataset {
  const dataset = isGateDatasetName(argument)
    ? { name: argument, folder: resolve(evalDirectory, 'detection', argument) }
    : datasetAtPath(resolve(argument));
  const file = join(dataset.folder, GATE_DATASET_FILES[dataset.name]);
  if (!existsSync(file))
    throw new ClarifyError('source_not_found', `${dataset.name} data not found: ${file}`);
  return dataset;
}

function datasetAtPath(folder: string): GateDataset {
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new ClarifyError(
      'source_not_found',
      `dataset folder not found: ${folder} (or name one of ${GATE_DATASET_NAMES.join(', ')})`,
    );
  const named = basename(folder);
  if (isGateDatasetName(named)) return { name: named, folder };
  const name = GATE_DATASET_NAMES.find((candidate) =>
    existsSync(join(folder, GATE_DATASET_FILES[candidate])),
  );
  if (name === undefined)
    throw new ClarifyError(
      'source_not_found',
      `no detection set in ${folder} (expected one of ${Object.values(GATE_DATASET_FILES).join(', ')})`,
    );
  return { name, folder };
}
