/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { ago } from '@clarify/chat';
import type { SourceSummary } from '@clarify/core';
import { CONNECTORS, describeSource } from '@clarify/ingest';
import { isStale } from '@clarify/runtime';
import type { Session } from '../server/session';
import { CsrfField, Layout } from '../views/layout';

/** What the add form held when it was refused, to show it again with the reason. */
export type SourceForm = { values: Record<string, string>; error?: string };

/** Sources: each with its counts, schedule, audience and freshness; re-index; the add form. */
export function SourcesPage(props: {
  session: Session;
  sources: readonly SourceSummary[];
  now: Date;
  form?: SourceForm;
  saved?: string | undefined;
  removed?: string | undefined;
}) {
  const { session, now } = props;
  const values = props.form?.values ?? {};
  const type = values.type ?? 'files';
  return (
    <Layout title="Sources" section="sources" session={session}>
      <h1>Sources</h1>
      {props.saved && (
        <p
          class="ok"
          role="status"
        >{`Saved source ${props.saved}; its first run is on the Jobs page.`}</p>
      )}
      {props.removed && (
        <p
          class="ok"
          role="status"
        >{`Removed source ${props.removed} and everything indexed from it.`}</p>
      )}
      {props.sources.length === 0 ? (
        <p>No sources yet: add one below.</p>
      ) : (
        <table class="data">
          <caption>Every source, with what is indexed from it</caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Reads</th>
              <th scope="col">Documents</th>
              <th scope="col">Chunks</th>
              <th scope="col">Schedule</th>
              <th scope="col">Audience</th>
              <th scope="col">Last indexed</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {props.sources.map((source) => (
              <tr>
                <th scope="row">
                  {source.id}
                  <span class="muted">{` ${source.type}`}</span>
                </th>
                <td class="wrap">{describeSource(source)}</td>
                <td class="num">{source.documents}</td>
                <td class="num">{source.chunks}</td>
                <td>{source.schedule ?? 'manual'}</td>
                <td>{source.audience.length > 0 ? source.audience.join(', ') : 'everyone'}</td>
                <td>
                  {ago(source.lastIndexedAt, now)}
                  {isStale(source.schedule, source.lastIndexedAt, now) && (
                    <span class="badge warning">stale</span>
                  )}
                </td>
                <td class="actions">
                  <a href={`/admin/sources?edit=${encodeURIComponent(source.id)}#add`}>
                    Edit<span class="sr-only">{` ${source.id}`}</span>
                  </a>
                  <a href={`/admin/sources/${encodeURIComponent(source.id)}/remove`}>
                    Remove<span class="sr-only">{` ${source.id}`}</span>
                  </a>
                  <form
                    method="post"
                    action={`/admin/sources/${encodeURIComponent(source.id)}/reindex`}
                  >
                    <CsrfField session={session} />
                    <button type="submit" class="secondary" aria-label={`Re-index ${source.id}`}>
                      Re-index
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2 id="add">Add or update a source</h2>
      {props.form?.error && (
        <p class="error" role="alert">
          {props.form.error}
        </p>
      )}
      <form method="post" action="/admin/sources" class="stacked source-form" aria-labelledby="add">
        <CsrfField session={session} />
        <label for="source-type">Type</label>
        <select id="source-type" name="type">
          {Object.values(CONNECTORS).map((connector) => (
            <option value={connector.type} selected={connector.type === type}>
              {`${connector.type} — ${connector.summary}`}
            </option>
          ))}
        </select>
        <label for="source-id">Id</label>
        <input
          id="source-id"
          name="id"
          required
          pattern="[a-z0-9][a-z0-9._\-]{0,62}"
          value={values.id ?? ''}
          aria-describedby="source-id-help"
        />
        <p id="source-id-help" class="help">
          a-z, 0-9, “.”, “_”, “-”; an existing id is updated
        </p>
        <label for="source-schedule">Schedule (cron, optional)</label>
        <input
          id="source-schedule"
          name="schedule"
          value={values.schedule ?? ''}
          placeholder="0 3 * * *"
          aria-describedby="source-schedule-help"
        />
        <p id="source-schedule-help" class="help">
          e.g. “0 3 * * *” re-indexes at 03:00 every day; empty: on demand only
        </p>
        <label for="source-audience">Audience (optional)</label>
        <input
          id="source-audience"
          name="audience"
          value={values.audience ?? ''}
          aria-describedby="source-audience-help"
        />
        <p id="source-audience-help" class="help">
          tags separated by commas; empty: every conversation may read it
        </p>
        {Object.values(CONNECTORS).map((connector) => (
          <fieldset class="type-options" data-type={connector.type}>
            <legend>{`${connector.type} settings`}</legend>
            {connector.options.map((option) => {
              const name = `${connector.type}.${option.key}`;
              const id = `opt-${connector.type}-${option.key}`;
              return (
                <>
                  <label for={id}>{option.key}</label>
                  {option.repeatable ? (
                    <textarea id={id} name={name} rows={2} aria-describedby={`${id}-help`}>
                      {values[name] ?? ''}
                    </textarea>
                  ) : (
                    <input
                      id={id}
                      name={name}
                      value={values[name] ?? ''}
                      aria-describedby={`${id}-help`}
                    />
                  )}
                  <p id={`${id}-help`} class="help">
                    {option.repeatable
                      ? `${option.description} — one per line`
                      : option.description}
                  </p>
                </>
              );
            })}
          </fieldset>
        ))}
        <div class="check">
          <input id="source-index-now" type="checkbox" name="indexNow" value="yes" checked />
          <label for="source-index-now">Index it now</label>
        </div>
        <button type="submit" class="primary">
          Save source
        </button>
      </form>
    </Layout>
  );
}

/** Removing a source asks first: it deletes everything indexed from it. */
export function RemoveSourcePage(props: { session: Session; source: SourceSummary }) {
  const { source } = props;
  return (
    <Layout title={`Remove ${source.id}`} section="sources" session={props.session}>
      <h1>{`Remove source ${source.id}?`}</h1>
      <p>
        {`Its ${source.documents} documents and ${source.chunks} chunks are deleted from the index, and answers no longer cite them. Its runs stay in the history.`}
      </p>
      <form method="post" action={`/admin/sources/${encodeURIComponent(source.id)}/remove`}>
        <CsrfField session={props.session} />
        <button type="submit" class="danger">
          {`Remove ${source.id}`}
        </button>{' '}
        <a href="/admin/sources">Keep it</a>
      </form>
    </Layout>
  );
}
