/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { describeFailure, type ConversationLayer } from '@clarify/chat';
import { analyticsRoutes } from '../admin/analytics-routes';
import { auditRoutes } from '../admin/audit-routes';
import { healthRoutes } from '../admin/health-routes';
import { jobsRoutes } from '../admin/jobs-routes';
import { loginRoutes } from '../admin/login-routes';
import { requireAdmin } from '../admin/require-admin';
import { sourcesRoutes } from '../admin/sources-routes';
import { chatRoutes } from '../chat/chat-routes';
import { passageRoutes } from '../chat/passage-routes';
import type { WebThreads } from '../chat/web-threads';
import { ErrorPage } from '../views/error-page';
import { csrfProtection, type FormEnv } from './csrf';
import { requestLog } from './request-log';
import { sessions } from './session';
import { staticRoutes } from './static-files';
import type { WebDeps } from './web-deps';

/** The largest form the console accepts (a question is at most a few KB). */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The console's HTTP app: security headers (a strict CSP: scripts and styles from itself only),
 * sessions and CSRF on every form, the chat and passage pages for everyone, the admin pages
 * behind the sign-in.
 */
export function createWebApp(
  deps: WebDeps & { layer: ConversationLayer; threads: WebThreads; questionsPerMinute: number },
) {
  const app = new Hono<FormEnv>();
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
      },
      referrerPolicy: 'same-origin',
    }),
  );
  app.use(requestLog(deps.logger));
  for (const path of ['/healthz', '/readyz', '/metrics']) {
    app.get(path, async (c) => {
      const answer = deps.operations
        ? await deps.operations.handle(path)
        : path === '/healthz'
          ? { status: 200, contentType: 'application/json', body: '{"status":"ok"}' }
          : null;
      if (answer === null) return c.notFound();
      return c.body(answer.body, answer.status as 200, { 'content-type': answer.contentType });
    });
  }
  app.route('/', staticRoutes());
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.text(`That is more than ${MAX_BODY_BYTES / 1024} KB.`, 413),
    }),
  );
  app.use(sessions(deps.secret));
  app.use(csrfProtection());
  app.route('/', chatRoutes(deps));
  app.route('/', passageRoutes({ db: deps.kb.database.db, chat: deps.chat }));
  app.route('/', loginRoutes(deps));
  app.use('/admin', requireAdmin());
  app.use('/admin/*', requireAdmin());
  app.get('/admin', (c) => c.redirect('/admin/sources', 302));
  for (const routes of [sourcesRoutes, jobsRoutes, healthRoutes, analyticsRoutes, auditRoutes]) {
    app.route('/', routes(deps));
  }
  app.notFound((c) => {
    c.status(404);
    return c.html(
      <ErrorPage session={c.get('session')} title="Not found" text="There is no such page." />,
    );
  });
  app.onError((error, c) => {
    deps.logger.error({ err: error, path: new URL(c.req.url).pathname }, 'page failed');
    c.status(500);
    const text = describeFailure(error);
    const session = c.get('session') as FormEnv['Variables']['session'] | undefined;
    if (c.req.header('hx-request') === 'true' || !session) return c.text(text);
    return c.html(<ErrorPage session={session} title="Something went wrong" text={text} />);
  });
  return app;
}
