/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import type { FormEnv } from '../server/csrf';
import type { WebDeps } from '../server/web-deps';
import { Layout } from '../views/layout';

const ENTRIES_SHOWN = 100;

/** `/admin/audit`: the latest admin actions and refused attempts, on every platform. */
export function auditRoutes(deps: WebDeps) {
  const app = new Hono<FormEnv>();
  app.get('/admin/audit', async (c) => {
    const entries = await deps.stores.audit.recent(ENTRIES_SHOWN);
    return c.html(
      <Layout title="Audit log" section="audit" session={c.get('session')}>
        <h1>Audit log</h1>
        {entries.length === 0 ? (
          <p>No admin actions yet.</p>
        ) : (
          <table class="data">
            <caption>{`The latest ${ENTRIES_SHOWN} admin actions, newest first`}</caption>
            <thead>
              <tr>
                <th scope="col">When (UTC)</th>
                <th scope="col">Platform</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Outcome</th>
                <th scope="col">Detail</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr>
                  <td>{entry.createdAt.toISOString().slice(0, 19).replace('T', ' ')}</td>
                  <td>{entry.platform}</td>
                  <td>{entry.actorUserId}</td>
                  <td>{entry.action}</td>
                  <td>{entry.target ?? '—'}</td>
                  <td>
                    <span class={`badge ${entry.outcome}`}>{entry.outcome}</span>
                  </td>
                  <td class="wrap">
                    {Object.keys(entry.detail).length > 0 ? JSON.stringify(entry.detail) : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Layout>,
    );
  });
  return app;
}
