import type { IndexJob } from '@clarify/core';
import { describeSource } from '@clarify/ingest';
import { reindexSource, type KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { createIndexProgress } from '../progress';
import { findSource } from './find-source';
import { printJobSummary } from './index-command';

export type ReindexCommandOptions = {
  full?: boolean;
  confirmDeletions?: boolean;
  json?: boolean;
};

/**
 * `clarify reindex <id>`: one run of a saved source from its settings, with a progress bar;
 * only what changed is re-processed unless `--full`. One run per source at a time: a run
 * already under way (a schedule, an admin) is said so, with its progress.
 */
export async function runReindexCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { id: string; options: ReindexCommandOptions },
): Promise<IndexJob> {
  const source = await findSource(kb, input.id);
  const progress = createIndexProgress(output, source.id);
  let job: IndexJob;
  try {
    job = await reindexSource(kb, {
      sourceId: source.id,
      trigger: 'cli',
      full: input.options.full ?? false,
      confirmDeletions: input.options.confirmDeletions ?? false,
      onProgress: progress.update,
    });
  } finally {
    progress.stop();
  }
  if (input.options.json) output.out(JSON.stringify(job, null, 2));
  else printJobSummary(output, job, describeSource(source));
  return job;
}
