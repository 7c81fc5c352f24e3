import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';

type StaticFile = { body: string; type: string };

/** The console's own stylesheet and script, and htmx from its package: read once, cached. */
export function staticRoutes() {
  const require = createRequire(import.meta.url);
  const own = (name: string) => fileURLToPath(new URL(`../static/${name}`, import.meta.url));
  const files = new Map<string, StaticFile>([
    ['console.css', { body: readFileSync(own('console.css'), 'utf8'), type: 'text/css' }],
    ['console.js', { body: readFileSync(own('console.js'), 'utf8'), type: 'text/javascript' }],
    [
      'htmx.min.js',
      {
        body: readFileSync(require.resolve('htmx.org/dist/htmx.min.js'), 'utf8'),
        type: 'text/javascript',
      },
    ],
  ]);
  const app = new Hono();
  app.get('/static/:name', (c) => {
    const file = files.get(c.req.param('name'));
    if (!file) return c.notFound();
    c.header('content-type', `${file.type}; charset=utf-8`);
    c.header('cache-control', 'public, max-age=300');
    return c.body(file.body);
  });
  return app;
}
