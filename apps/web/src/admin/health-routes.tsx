/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { ago } from '@clarify/chat';
import type { IndexJob, SourceSummary } from '@clarify/core';
import { isStale } from '@clarify/runtime';
import type { FormEnv } from '../server/csrf';
import type { WebDeps } from '../server/web-deps';
import { Layout } from '../views/layout';

/** Runs read to find each source's latest one. */
const RECENT_JOBS = 200;

/** `/admin/health`: what is indexed, how fresh, and what failed (with paths). */
export function healthRoutes(deps: WebDeps) {
  const app = new Hono<FormEnv>();
  app.get('/admin/health', async (c) => {
    const [sources, jobs] = await Promise.all([
      deps.kb.sources.list(),
      deps.kb.jobs.latest({ limit: RECENT_JOBS }),
    ]);
    const now = deps.clock();
    const latest = new Map<string, IndexJob>();
    for (const job of jobs) if (!latest.has(job.sourceId)) latest.set(job.sourceId, job);
    const documents = sources.reduce((sum, source) => sum + source.documents, 0);
    const chunks = sources.reduce((sum, source) => sum + source.chunks, 0);
    const stale = sources.filter((source) => isStale(source.schedule, source.lastIndexedAt, now));
    return c.html(
      <Layout title="Index health" section="health" session={c.get('session')}>
        <h1>Index health</h1>
        <ul class="figures" aria-label="Totals">
          <li>
            <strong>{documents}</strong> documents
          </li>
          <li>
            <strong>{chunks}</strong> chunks
          </li>
          <li>
            <strong>{sources.length}</strong> sources
          </li>
          <li>
            <strong>{stale.length}</strong> stale
          </li>
        </ul>
        <p class="muted">{`Embeddings: ${deps.kb.embedder.model} · database: ${deps.kb.database.description}`}</p>
        {sources.map((source) => (
          <SourceHealth source={source} job={latest.get(source.id)} now={now} />
        ))}
      </Layout>,
    );
  });
  return app;
}

function SourceHealth(props: { source: SourceSummary; job: IndexJob | undefined; now: Date }) {
  const { source, job, now } = props;
  const stale = isStale(source.schedule, source.lastIndexedAt, now);
  return (
    <section class="card" aria-labelledby={`health-${source.id}`}>
      <h2 id={`health-${source.id}`}>
        {source.id}
        {stale && <span class="badge warning">stale</span>}
      </h2>
      <p>
        {`${source.documents} documents, ${source.chunks} chunks · last successful run ${ago(source.lastIndexedAt, now)} · schedule ${source.schedule ?? 'manual'}`}
      </p>
      {job === undefined ? (
        <p>Never indexed.</p>
      ) : (
        <p>
          {`Last run #${job.id} (${job.trigger}) `}
          <span class={`badge ${job.status}`}>{job.status}</span>
          {` ${ago(job.startedAt, now)}: ${job.documentsIndexed} indexed, ${job.documentsUnchanged} unchanged, ${job.documentsDeleted} deleted`}
          {job.error && <span class="error-text">{` — ${job.error}`}</span>}
        </p>
      )}
      {job && job.errors.length > 0 && (
        <table class="data">
          <caption>{`Documents that could not be indexed in run #${job.id}`}</caption>
          <thead>
            <tr>
              <th scope="col">Path</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {job.errors.map((error) => (
              <tr>
                <td class="wrap">
                  <code>{error.path}</code>
                </td>
                <td class="wrap">{error.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
