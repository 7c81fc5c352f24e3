/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { ago } from '@clarify/chat';
import type { IndexJob } from '@clarify/core';
import { formatMs } from '../views/trace-panel';

/**
 * The latest index runs; while one runs (or a run just asked for has not started yet) the
 * table asks for itself again every second, so progress moves on its own.
 */
export function JobsTable(props: {
  jobs: readonly IndexJob[];
  now: Date;
  /** A source whose run was just asked for, and since when (ms). */
  watch: { source: string; since: number } | null;
}) {
  const { jobs, now } = props;
  const live = jobs.some((job) => job.status === 'running') || props.watch !== null;
  const poll = live
    ? {
        'hx-get': `/admin/jobs/live${props.watch ? `?watch=${encodeURIComponent(props.watch.source)}&since=${props.watch.since}` : ''}`,
        'hx-trigger': 'every 1s',
        'hx-swap': 'outerHTML',
      }
    : {};
  return (
    <section id="jobs" aria-label="Index runs" data-live={String(live)} {...poll}>
      {jobs.length === 0 ? (
        <p>No index runs yet.</p>
      ) : (
        <table class="data">
          <caption>The latest index runs, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Source</th>
              <th scope="col">Trigger</th>
              <th scope="col">By</th>
              <th scope="col">Status</th>
              <th scope="col">Progress</th>
              <th scope="col">Indexed</th>
              <th scope="col">Unchanged</th>
              <th scope="col">Deleted</th>
              <th scope="col">Failed</th>
              <th scope="col">Chunks</th>
              <th scope="col">Started</th>
              <th scope="col">Took</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr class={`job ${job.status}`} data-source={job.sourceId}>
                <th scope="row">{`#${job.id}`}</th>
                <td>{job.sourceId}</td>
                <td>{job.trigger}</td>
                <td>{job.requestedBy ?? '—'}</td>
                <td>
                  <span class={`badge ${job.status}`}>{job.status}</span>
                  {job.error && <span class="error-text">{` ${job.error}`}</span>}
                </td>
                <td>
                  <Progress job={job} />
                </td>
                <td class="num">{job.documentsIndexed}</td>
                <td class="num">{job.documentsUnchanged}</td>
                <td class="num">
                  {job.documentsDeleted}
                  {job.deletionsHeld > 0 && ` (${job.deletionsHeld} held)`}
                </td>
                <td class="num">{job.errors.length}</td>
                <td class="num">{job.chunksWritten}</td>
                <td>{ago(job.startedAt, now)}</td>
                <td>
                  {job.finishedAt
                    ? formatMs(job.finishedAt.getTime() - job.startedAt.getTime())
                    : '…'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Progress(props: { job: IndexJob }) {
  const { job } = props;
  const done = job.documentsSeen;
  const total = job.documentsTotal;
  if (job.status !== 'running') return <span>{`${done} documents`}</span>;
  if (total === null || total === 0) return <span>listing…</span>;
  return (
    <span class="progress">
      <progress
        max={total}
        value={done}
        aria-label={`Run ${job.id}: ${done} of ${total} documents`}
      >
        {`${done}/${total}`}
      </progress>
      {` ${done}/${total}`}
    </span>
  );
}
