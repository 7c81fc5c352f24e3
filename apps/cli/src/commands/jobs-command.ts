import type { IndexJob } from '@clarify/core';
import type { KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { isoSeconds, printTable } from './sources-command';

/**
 * `clarify jobs`: the latest index runs, newest first, with who asked and their counters; a run
 * in progress shows how far it is (its worker writes its counters every second).
 */
export async function runJobsCommand(
  kb: KnowledgeBase,
  output: Output,
  options: { source?: string; limit?: number; json?: boolean },
): Promise<IndexJob[]> {
  const jobs = await kb.jobs.latest({
    ...(options.source && { sourceId: options.source }),
    limit: options.limit ?? 20,
  });
  if (options.json) {
    output.out(JSON.stringify(jobs, null, 2));
    return jobs;
  }
  if (jobs.length === 0) {
    output.out('No index runs yet.');
    return jobs;
  }
  printTable(
    output,
    [
      'JOB',
      'SOURCE',
      'TRIGGER',
      'BY',
      'STATUS',
      'STARTED',
      'TOOK',
      'SEEN',
      'INDEXED',
      'UNCHANGED',
      'DELETED',
      'ERRORS',
    ],
    jobs.map((job) => [
      String(job.id),
      job.sourceId,
      job.trigger,
      job.requestedBy ?? '-',
      job.status === 'running' && job.documentsTotal !== null
        ? `running ${job.documentsIndexed + job.documentsUnchanged + job.documentsSkipped}/${job.documentsTotal}`
        : job.status,
      isoSeconds(job.startedAt),
      job.finishedAt
        ? `${((job.finishedAt.getTime() - job.startedAt.getTime()) / 1000).toFixed(1)} s`
        : '…',
      String(job.documentsSeen),
      String(job.documentsIndexed),
      String(job.documentsUnchanged),
      String(job.documentsDeleted),
      String(job.documentsSkipped),
    ]),
  );
  return jobs;
}
