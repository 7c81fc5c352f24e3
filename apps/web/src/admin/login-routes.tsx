/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import { describeError } from '@clarify/core';
import { field, type FormEnv } from '../server/csrf';
import { signIn, signOut, type Session } from '../server/session';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createLimit } from '../server/limits';
import { sameText } from '../server/signing';
import type { WebDeps } from '../server/web-deps';
import { ErrorPage } from '../views/error-page';
import { CsrfField, Layout } from '../views/layout';
import { auditAction } from './audit-action';

const SIGN_IN_ATTEMPTS = 10;

/** A local path to return to after signing in (never another site). */
function localPath(next: string | undefined): string {
  return next && /^\/(?!\/)[\w\-/]*$/.test(next) ? next : '/admin/sources';
}

/** `/login` (the admin token, or the company's OpenID Connect provider) and `/logout`. */
export function loginRoutes(deps: WebDeps) {
  const app = new Hono<FormEnv>();
  // Guessing the token: ten tries per browser and per address every quarter of an hour.
  const attempts = createLimit(SIGN_IN_ATTEMPTS, 15 * 60);

  app.get('/login', (c) =>
    c.html(
      <LoginPage deps={deps} session={c.get('session')} next={localPath(c.req.query('next'))} />,
    ),
  );

  app.post('/login', async (c) => {
    const form = c.get('form');
    const next = localPath(field(form, 'next'));
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const waits = await Promise.all([
      attempts.take(`browser:${c.get('session').browserId}`),
      attempts.take(`address:${address}`),
    ]);
    const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
    if (wait > 0) {
      return problem(
        c,
        429,
        `Too many sign-in attempts; try again in ${Math.ceil(wait / 60)} min.`,
      );
    }
    const ok = deps.adminToken !== undefined && sameText(field(form, 'token'), deps.adminToken);
    await auditAction(deps, c.get('session').userId, {
      action: 'sign-in',
      target: null,
      outcome: ok ? 'ok' : 'refused',
      detail: { with: 'token' },
    });
    if (!ok) {
      c.status(401);
      return c.html(<LoginPage deps={deps} session={c.get('session')} next={next} failed />);
    }
    signIn(c, deps.secret, c.get('session').browserId);
    return c.redirect(next, 303);
  });

  app.get('/login/oidc', async (c) => {
    if (!deps.oidc) return c.notFound();
    try {
      const target = await deps.oidc.begin(c, localPath(c.req.query('next')));
      return c.redirect(target.href, 302);
    } catch (error) {
      deps.logger.warn({ err: error }, 'the OpenID Connect provider cannot be reached');
      return problem(
        c,
        502,
        'The sign-in provider cannot be reached right now; try again shortly.',
      );
    }
  });

  app.get('/login/oidc/callback', async (c) => {
    if (!deps.oidc) return c.notFound();
    let signedIn: Awaited<ReturnType<NonNullable<WebDeps['oidc']>['finish']>>;
    try {
      signedIn = await deps.oidc.finish(c);
    } catch (error) {
      await auditAction(deps, c.get('session').userId, {
        action: 'sign-in',
        target: null,
        outcome: 'refused',
        detail: { with: 'oidc', reason: describeError(error) },
      });
      return problem(c, 400, `The sign-in did not complete (${describeError(error)}). Try again.`);
    }
    const { identity } = signedIn;
    const who = identity.email ?? identity.subject;
    await auditAction(deps, who, {
      action: 'sign-in',
      target: null,
      outcome: identity.admin ? 'ok' : 'refused',
      detail: { with: 'oidc' },
    });
    if (!identity.admin) {
      return problem(c, 403, `You are signed in as ${who}, who is not an admin of this Clarify.`);
    }
    signIn(c, deps.secret, c.get('session').browserId);
    return c.redirect(signedIn.next, 303);
  });

  app.post('/logout', (c) => {
    signOut(c);
    return c.redirect('/', 303);
  });
  return app;
}

function problem(c: Context<FormEnv>, status: 400 | 403 | 429 | 502, text: string) {
  c.status(status);
  return c.html(<ErrorPage session={c.get('session')} title="Admin sign-in" text={text} />);
}

function LoginPage(props: { deps: WebDeps; session: Session; next: string; failed?: boolean }) {
  const { deps, session, next } = props;
  return (
    <Layout title="Admin sign-in" section="login" session={session}>
      <h1>Admin sign-in</h1>
      <p>The admin pages show sources, index runs, index health, analytics and the audit log.</p>
      {props.failed && (
        <p class="error" role="alert">
          That token is not right.
        </p>
      )}
      {deps.oidc && (
        <p>
          <a class="button primary" href={`/login/oidc?next=${encodeURIComponent(next)}`}>
            Sign in with your company account
          </a>
        </p>
      )}
      {deps.adminToken !== undefined && (
        <form method="post" action="/login" class="stacked">
          <CsrfField session={session} />
          <input type="hidden" name="next" value={next} />
          <label for="token">Admin token</label>
          <p class="help" id="token-help">
            The value of <code>CLARIFY_ADMIN_TOKEN</code>, or the one Clarify printed when it
            started.
          </p>
          <input
            id="token"
            name="token"
            type="password"
            autocomplete="current-password"
            aria-describedby="token-help"
            required
          />
          <button type="submit" class="primary">
            Sign in
          </button>
        </form>
      )}
    </Layout>
  );
}
