/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { IndexJob } from '@clarify/core';
import type { FormEnv } from '../server/csrf';
import type { WebDeps } from '../server/web-deps';
import { Layout } from '../views/layout';
import { JobsTable } from './jobs-view';

const JOBS_SHOWN = 30;
/** How long the page waits for a run it was sent to follow to appear. */
const WATCH_MS = 20_000;

/** `/admin/jobs`: the latest runs with live progress. */
export function jobsRoutes(deps: WebDeps) {
  const app = new Hono<FormEnv>();
  /** `?watch=source` keeps polling until that source's new run is listed (or 20 s pass). */
  const read = async (c: Context<FormEnv>) => {
    const jobs = await deps.kb.jobs.latest({ limit: JOBS_SHOWN });
    const watched = c.req.query('watch') ?? null;
    const since = Number(c.req.query('since') ?? deps.clock().getTime());
    const now = deps.clock();
    const waiting =
      watched !== null &&
      now.getTime() - since < WATCH_MS &&
      !jobs.some((job) => job.sourceId === watched && startedSince(job, since));
    return { jobs, now, watch: waiting ? { source: watched, since } : null, since };
  };

  app.get('/admin/jobs', async (c) => {
    const { jobs, now, watch } = await read(c);
    return c.html(
      <Layout title="Jobs" section="jobs" session={c.get('session')}>
        <h1>Index runs</h1>
        <JobsTable jobs={jobs} now={now} watch={watch} />
      </Layout>,
    );
  });

  app.get('/admin/jobs/live', async (c) => {
    const { jobs, now, watch } = await read(c);
    return c.html(<JobsTable jobs={jobs} now={now} watch={watch} />);
  });
  return app;
}

function startedSince(job: IndexJob, since: number): boolean {
  return job.startedAt.getTime() >= since - 5_000;
}
