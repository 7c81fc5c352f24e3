import { userInfo } from 'node:os';
import type { IndexJob } from '@clarify/core';
import { describeSource } from '@clarify/ingest';
import { startIndexing, type IndexRequest, type KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { createIndexProgress } from '../progress';
import { findSource } from './find-source';
import { printJobSummary } from './index-command';

export type ReindexCommandOptions = {
  full?: boolean;
  confirmDeletions?: boolean;
  /** On Postgres: follow the queued run to its end (the embedded database always does). */
  wait?: boolean;
  json?: boolean;
};

/**
 * `clarify reindex <id>`: one run of a saved source from its settings; only what changed is
 * re-processed unless `--full`. On the embedded database it runs here, with a progress bar. On
 * Postgres it is queued for the workers (`clarify worker`), and `--wait` follows it to its end
 * with the same bar. One run per source at a time across every process: a run already under way
 * (a schedule, an admin) is said so, with its progress.
 */
export async function runReindexCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { id: string; options: ReindexCommandOptions },
): Promise<IndexJob | null> {
  const source = await findSource(kb, input.id);
  const indexing = await startIndexing(kb, {
    role: 'requester',
    logger: {
      info() {},
      warn: (_details, message) => output.err(`clarify: ${message}`),
      error: (_details, message) => output.err(`clarify: ${message}`),
    },
  });
  const request: IndexRequest = {
    sourceId: source.id,
    trigger: 'cli',
    requestedBy: cliUser(),
    full: input.options.full ?? false,
    confirmDeletions: input.options.confirmDeletions ?? false,
  };
  try {
    if (indexing.queued && !input.options.wait) {
      const { queueJobId } = await indexing.dispatch.submit(request);
      if (input.options.json) {
        output.out(JSON.stringify({ queued: true, sourceId: source.id, queueJobId }, null, 2));
      } else {
        output.out(
          `Queued a re-index of ${source.id} for the workers (job ${queueJobId}).\n` +
            `  clarify jobs --source ${source.id} shows its progress; --wait follows it here.`,
        );
      }
      return null;
    }
    const progress = createIndexProgress(output, source.id);
    let job: IndexJob;
    try {
      job = await indexing.dispatch.run(request, progress.update);
    } finally {
      progress.stop();
    }
    if (input.options.json) output.out(JSON.stringify(job, null, 2));
    else printJobSummary(output, job, describeSource(source));
    return job;
  } finally {
    await indexing.stop();
  }
}

/** Who ran the command, for the job's "requested by". */
function cliUser(): string {
  try {
    return `cli:${userInfo().username}`;
  } catch {
    return 'cli';
  }
}
