/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { field, type FormEnv } from '../server/csrf';
import { signIn, signOut } from '../server/session';
import { sameText } from '../server/signing';
import type { WebDeps } from '../server/web-deps';
import { CsrfField, Layout } from '../views/layout';

/** A local path to return to after signing in (never another site). */
function localPath(next: string | undefined): string {
  return next && /^\/(?!\/)[\w\-/]*$/.test(next) ? next : '/admin/sources';
}

/** `/login` and `/logout`: the admin token for a signed session cookie. */
export function loginRoutes(deps: WebDeps) {
  const app = new Hono<FormEnv>();
  const page = (session: FormEnv['Variables']['session'], next: string, failed: boolean) => (
    <Layout title="Admin sign-in" section="login" session={session}>
      <h1>Admin sign-in</h1>
      <p>
        The admin pages (sources, jobs, index health, analytics, audit log) need the admin token:
        the value of <code>CLARIFY_ADMIN_TOKEN</code>, or the one Clarify printed when it started.
      </p>
      {failed && (
        <p class="error" role="alert">
          That token is not right.
        </p>
      )}
      <form method="post" action="/login" class="stacked">
        <CsrfField session={session} />
        <input type="hidden" name="next" value={next} />
        <label for="token">Admin token</label>
        <input id="token" name="token" type="password" autocomplete="current-password" required />
        <button type="submit" class="primary">
          Sign in
        </button>
      </form>
    </Layout>
  );

  app.get('/login', (c) => c.html(page(c.get('session'), localPath(c.req.query('next')), false)));

  app.post('/login', async (c) => {
    const form = c.get('form');
    const next = localPath(field(form, 'next'));
    const ok = sameText(field(form, 'token'), deps.adminToken);
    await deps.stores.audit
      .record({
        platform: 'web',
        workspaceId: 'web',
        actorUserId: c.get('session').userId,
        action: 'sign-in',
        target: null,
        outcome: ok ? 'ok' : 'refused',
        detail: {},
        createdAt: deps.clock(),
      })
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'could not audit a sign-in'));
    if (!ok) {
      c.status(401);
      return c.html(page(c.get('session'), next, true));
    }
    signIn(c, deps.secret, c.get('session').browserId);
    return c.redirect(next, 303);
  });

  app.post('/logout', (c) => {
    signOut(c);
    return c.redirect('/', 303);
  });
  return app;
}
