/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { raw } from 'hono/html';
import type { Child } from 'hono/jsx';
import type { Session } from '../server/session';

export type Section = 'chat' | 'sources' | 'jobs' | 'health' | 'analytics' | 'audit' | 'login';

const ADMIN_LINKS: Array<{ section: Section; href: string; label: string }> = [
  { section: 'sources', href: '/admin/sources', label: 'Sources' },
  { section: 'jobs', href: '/admin/jobs', label: 'Jobs' },
  { section: 'health', href: '/admin/health', label: 'Index health' },
  { section: 'analytics', href: '/admin/analytics', label: 'Analytics' },
  { section: 'audit', href: '/admin/audit', label: 'Audit log' },
];

/** Every page: the header with its navigation, the main content, the CSRF token for htmx. */
export function Layout(props: {
  title: string;
  section: Section;
  session: Session;
  children: Child;
}) {
  const { session } = props;
  const link = (section: Section, href: string, label: string) => (
    <li>
      <a href={href} aria-current={props.section === section ? 'page' : undefined}>
        {label}
      </a>
    </li>
  );
  return (
    <>
      {raw('<!DOCTYPE html>')}
      <html lang="en">
        <head>
          <meta charset="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="htmx-config" content='{"includeIndicatorStyles":false,"allowEval":false}' />
          <title>{`${props.title} · Clarify`}</title>
          <link rel="stylesheet" href="/static/console.css" />
          <script src="/static/htmx.min.js" defer></script>
          <script src="/static/console.js" defer></script>
        </head>
        <body hx-headers={JSON.stringify({ 'X-CSRF-Token': session.csrf })}>
          <a class="skip" href="#main">
            Skip to content
          </a>
          <header class="top">
            <a class="brand" href="/">
              Clarify
            </a>
            <nav aria-label="Main">
              <ul>
                {link('chat', '/', 'Chat')}
                {ADMIN_LINKS.map(({ section, href, label }) => link(section, href, label))}
              </ul>
            </nav>
            {session.admin ? (
              <form method="post" action="/logout" class="session">
                <input type="hidden" name="_csrf" value={session.csrf} />
                <button type="submit" class="link">
                  Sign out
                </button>
              </form>
            ) : (
              <a class="session" href="/login">
                Admin sign-in
              </a>
            )}
          </header>
          <main id="main">{props.children}</main>
        </body>
      </html>
    </>
  );
}

/** The hidden field every form carries. */
export function CsrfField(props: { session: Session }) {
  return <input type="hidden" name="_csrf" value={props.session.csrf} />;
}
