import type { IndexJob, SourceSummary } from '@clarify/core';
import { describeRunning, isStale } from '@clarify/runtime';

/** Bold and code in the platform's markup. */
export type TextStyle = { bold(text: string): string; code(text: string): string };

export function adminUsage(style: TextStyle, prefix: string): string {
  const command = (words: string) => style.code(`${prefix} ${words}`);
  return `${command('reindex [source]')} re-indexes one source or all of them · ${command('status')} shows how fresh the index is and the last jobs · ${command('sources')} lists the sources`;
}

export function noSourcesText(style: TextStyle): string {
  return `No sources yet. Add one with ${style.code('clarify index <folder>')}.`;
}

/** "12 documents — 3 indexed, 9 unchanged, 0 with errors, 1 deleted; 40 chunks in 1.2 s". */
export function formatJob(job: IndexJob, style: TextStyle): string {
  const seconds = job.finishedAt ? (job.finishedAt.getTime() - job.startedAt.getTime()) / 1000 : 0;
  const counts =
    `${job.documentsSeen} documents — ${job.documentsIndexed} indexed, ${job.documentsUnchanged} unchanged, ` +
    `${job.documentsSkipped} with errors, ${job.documentsDeleted} deleted; ${job.chunksWritten} chunks in ${seconds.toFixed(1)} s`;
  const held =
    job.deletionsHeld > 0
      ? ` ${job.deletionsHeld} documents are gone from the source (more than 20%), so nothing was deleted; re-index from the CLI with --confirm-deletions to delete them.`
      : '';
  const failed = job.status === 'failed' ? ` Failed: ${job.error ?? 'unknown error'}.` : '';
  return `${style.bold(job.sourceId)}: ${counts}.${held}${failed}`;
}

export function formatSources(
  sources: readonly SourceSummary[],
  now: Date,
  style: TextStyle,
): string {
  if (sources.length === 0) return noSourcesText(style);
  return sources
    .map((source) => {
      const path =
        typeof source.settings.path === 'string' ? ` · ${style.code(source.settings.path)}` : '';
      const schedule = source.schedule === null ? '' : ` · every ${style.code(source.schedule)}`;
      const stale = isStale(source.schedule, source.lastIndexedAt, now)
        ? ' · ⚠️ stale: more than twice its schedule since the last successful run'
        : '';
      return `• ${style.bold(source.id)} (${source.type}) — ${source.documents} documents, ${source.chunks} chunks, indexed ${ago(source.lastIndexedAt, now)}${schedule}${stale}${path}`;
    })
    .join('\n');
}

export function formatStatus(
  input: { sources: readonly SourceSummary[]; jobs: readonly IndexJob[]; now: Date },
  style: TextStyle,
): string {
  const { sources, jobs, now } = input;
  const stalest = sources.reduce<Date | null | undefined>((oldest, source) => {
    if (oldest === null || source.lastIndexedAt === null) return null;
    return oldest === undefined || source.lastIndexedAt < oldest ? source.lastIndexedAt : oldest;
  }, undefined);
  const freshness =
    sources.length === 0
      ? 'No sources yet.'
      : stalest === null
        ? 'Some sources have never been indexed.'
        : `Every source was indexed within ${ago(stalest ?? now, now).replace(/ ago$/, '')}.`;
  const lines = jobs.map((job) =>
    job.status === 'running'
      ? `• #${job.id} ${style.bold(job.sourceId)} running now (${describeRunning(job, now)})`
      : `• #${job.id} ${style.bold(job.sourceId)} ${job.trigger} ${job.status}, started ${ago(job.startedAt, now)}: ` +
        `${job.documentsIndexed} indexed, ${job.documentsUnchanged} unchanged, ${job.documentsDeleted} deleted` +
        (job.error ? ` — ${job.error}` : ''),
  );
  return [
    `${style.bold('Index status.')} ${freshness}`,
    formatSources(sources, now, style),
    jobs.length > 0 ? `${style.bold('Last jobs')}\n${lines.join('\n')}` : 'No index jobs yet.',
  ].join('\n\n');
}

/** "never", "just now", "5 min ago", "3 h ago", "2 days ago". */
export function ago(date: Date | null, now: Date): string {
  if (date === null) return 'never';
  const seconds = Math.max(0, (now.getTime() - date.getTime()) / 1000);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 86_400 * 2) return `${Math.round(seconds / 3600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}
