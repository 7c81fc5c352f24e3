import { ClarifyError, type IndexJob } from '@clarify/core';

/**
 * The error for a run refused because another holds the source, saying how far that one is:
 * "already being indexed (cron, started 2 min ago: 340 of 1000 documents)".
 */
export function alreadyRunning(
  sourceId: string,
  running: IndexJob | null,
  now: Date = new Date(),
): ClarifyError {
  return new ClarifyError(
    'index_already_running',
    `source "${sourceId}" is already being indexed${running ? ` (${describeRunning(running, now)})` : ''}; it will report its own counts`,
  );
}

/** "cron, started 2 min ago: 340 of 1000 documents" */
export function describeRunning(job: IndexJob, now: Date = new Date()): string {
  const who = job.requestedBy && job.requestedBy !== job.trigger ? ` by ${job.requestedBy}` : '';
  const done = job.documentsIndexed + job.documentsUnchanged + job.documentsSkipped;
  const progress =
    job.documentsTotal === null
      ? 'listing documents'
      : `${done} of ${job.documentsTotal} documents`;
  return `${job.trigger}${who}, started ${ago(job.startedAt, now)}: ${progress}`;
}

function ago(when: Date, now: Date): string {
  const seconds = Math.max(0, Math.round((now.getTime() - when.getTime()) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 120) return `${minutes} min ago`;
  return `${Math.round(minutes / 60)} h ago`;
}
