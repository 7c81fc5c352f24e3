import type { ClarifyConfig } from '@clarify/config';
import type { Output } from '../output';
import { indexSample } from './index-sample';
import { runWebCommand, type WebCommandOptions } from './web-command';

/**
 * `clarify start`: the embedded default. Indexes the bundled sample knowledge base (a no-op
 * when unchanged, skipped once you have sources of your own) with a progress bar, then serves
 * the web console on http://localhost:3000 (`clarify web`). The process owns the data folder,
 * so it also keeps the sources' schedules while it runs (CLARIFY_INDEX_WORKER).
 */
export function runStartCommand(
  config: ClarifyConfig,
  output: Output,
  options: WebCommandOptions,
): Promise<void> {
  return runWebCommand(config, output, { ...options, prepare: (kb) => indexSample(kb, output) });
}
