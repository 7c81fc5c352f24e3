/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { ClarifyError, describeError, type Source } from '@clarify/core';
import { connectorFor } from '@clarify/ingest';
import { saveSource } from '@clarify/runtime';
import { field, type FormEnv, type FormFields } from '../server/csrf';
import type { WebDeps } from '../server/web-deps';
import { auditAction } from './audit-action';
import { RemoveSourcePage, SourcesPage } from './sources-page';

/** Who an admin is in runs and the audit log: the console's admins share one token. */
export const ADMIN_ACTOR = 'web-admin';

/** `/admin/sources`: list, add or update (and index at once), re-index one. */
export function sourcesRoutes(deps: WebDeps) {
  const app = new Hono<FormEnv>();
  const page = async (c: Context<FormEnv>, extra: object = {}) =>
    c.html(
      <SourcesPage
        session={c.get('session')}
        sources={await deps.kb.sources.list()}
        now={deps.clock()}
        {...extra}
      />,
    );

  app.get('/admin/sources', async (c) => {
    const editing = c.req.query('edit');
    const source = editing === undefined ? null : await deps.kb.sources.get(editing);
    return page(c, {
      saved: c.req.query('saved'),
      removed: c.req.query('removed'),
      ...(source && { form: { values: formValuesOf(source) } }),
    });
  });

  app.get('/admin/sources/:id/remove', async (c) => {
    const source = (await deps.kb.sources.list()).find((one) => one.id === c.req.param('id'));
    if (!source) return c.text(`No source "${c.req.param('id')}".`, 404);
    return c.html(<RemoveSourcePage session={c.get('session')} source={source} />);
  });

  app.post('/admin/sources/:id/remove', async (c) => {
    const id = c.req.param('id');
    const removed = await deps.kb.sources.remove(id);
    if (!removed) return c.text(`No source "${id}".`, 404);
    await auditAction(deps, ADMIN_ACTOR, { action: 'source-remove', target: id, outcome: 'ok' });
    return c.redirect(`/admin/sources?removed=${encodeURIComponent(id)}`, 303);
  });

  app.post('/admin/sources', async (c) => {
    const form = c.get('form');
    const actor = ADMIN_ACTOR;
    let id: string;
    try {
      id = (await saveSource(deps.kb.sources, declarationOf(form), 'the source form')).id;
    } catch (error) {
      if (!(error instanceof ClarifyError) || error.code !== 'invalid_input') throw error;
      c.status(422);
      return page(c, { form: { values: flat(form), error: error.message } });
    }
    await auditAction(deps, actor, { action: 'source-save', target: id, outcome: 'ok' });
    if (field(form, 'indexNow') === 'yes') {
      await submitRun(deps, id, actor);
      return c.redirect(`/admin/jobs?watch=${encodeURIComponent(id)}`, 303);
    }
    return c.redirect(`/admin/sources?saved=${encodeURIComponent(id)}`, 303);
  });

  app.post('/admin/sources/:id/reindex', async (c) => {
    const id = c.req.param('id');
    if ((await deps.kb.sources.get(id)) === null) return c.text(`No source "${id}".`, 404);
    await submitRun(deps, id, ADMIN_ACTOR);
    return c.redirect(`/admin/jobs?watch=${encodeURIComponent(id)}`, 303);
  });
  return app;
}

/** Starts (embedded) or queues (workers) a run; the Jobs page follows it. */
async function submitRun(deps: WebDeps, sourceId: string, actor: string): Promise<void> {
  try {
    await deps.indexing.submit({ sourceId, trigger: 'admin', requestedBy: actor });
    await auditAction(deps, actor, { action: 'reindex', target: sourceId, outcome: 'ok' });
  } catch (error) {
    await auditAction(deps, actor, {
      action: 'reindex',
      target: sourceId,
      outcome: 'failed',
      detail: { error: describeError(error) },
    });
    throw error;
  }
}

/** The form as a declaration: the chosen type's own fields only; lists one entry per line. */
function declarationOf(form: FormFields) {
  const type = field(form, 'type');
  const connector = connectorFor(type);
  const settings: Record<string, unknown> = {};
  for (const option of connector.options) {
    const value = field(form, `${type}.${option.key}`).trim();
    if (value === '') continue;
    settings[option.key] = option.repeatable
      ? value
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== '')
      : value;
  }
  const schedule = field(form, 'schedule').trim();
  const audience = field(form, 'audience')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return {
    id: field(form, 'id').trim(),
    type,
    settings,
    schedule: schedule === '' ? null : schedule,
    audience,
  };
}

function flat(form: FormFields): Record<string, string> {
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.join('\n') : value,
    ]),
  );
}

/** A saved source as the form shows it, to edit. */
function formValuesOf(source: Source): Record<string, string> {
  const values: Record<string, string> = {
    type: source.type,
    id: source.id,
    schedule: source.schedule ?? '',
    audience: source.audience.join(', '),
  };
  for (const [key, value] of Object.entries(source.settings)) {
    values[`${source.type}.${key}`] = Array.isArray(value) ? value.join('\n') : String(value);
  }
  return values;
}
