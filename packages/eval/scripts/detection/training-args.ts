import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

/** The options both training scripts take, with the evaluation data folder resolved. */
export function readTrainingArgs(): {
  evalDirectory: string;
  packageRoot: string;
  dryRun: boolean;
  diagnose: boolean;
} {
  const { values } = parseArgs({
    options: {
      'eval-dir': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      diagnose: { type: 'boolean', default: false },
    },
  });
  // The detectors and their committed weights live in @clarify/core.
  const packageRoot = resolve(import.meta.dirname, '../../../core');
  return {
    // ../shared/eval beside the repository, unless given.
    evalDirectory: resolve(values['eval-dir'] ?? join(packageRoot, '../../../shared/eval')),
    packageRoot,
    dryRun: values['dry-run'],
    diagnose: values.diagnose,
  };
}
