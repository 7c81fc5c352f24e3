import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestConsole, type RunningConsole } from './console-harness';

let running: RunningConsole;
let url: string;

beforeAll(async () => {
  running = await startTestConsole({ questionsPerMinute: 2 });
  url = running.console.url;
});
afterAll(async () => {
  await running?.stop();
});

/** A browser as the server sees it: its cookie and the CSRF token its pages carry. */
async function browserSession(): Promise<{ cookie: string; csrf: string }> {
  const page = await fetch(`${url}/`);
  const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const csrf = /X-CSRF-Token&quot;:&quot;([^&]+)&quot;/.exec(await page.text())?.[1] ?? '';
  expect(cookie).toMatch(/^clarify_browser=/);
  expect(csrf).not.toBe('');
  return { cookie, csrf };
}

const post = (
  path: string,
  session: { cookie: string; csrf?: string },
  form: Record<string, string>,
) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      cookie: session.cookie,
      'content-type': 'application/x-www-form-urlencoded',
      'hx-request': 'true',
      ...(session.csrf !== undefined && { 'x-csrf-token': session.csrf }),
    },
    body: new URLSearchParams(form).toString(),
  });

describe('the console over HTTP', () => {
  it('sends strict security headers with every page', async () => {
    const page = await fetch(`${url}/`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(page.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  });

  it('refuses a form without the CSRF token, or with another browser’s', async () => {
    const mine = await browserSession();
    const theirs = await browserSession();
    const form = { thread: 'thread-0001', text: 'How many vacation days do I get?' };
    expect((await post('/chat/ask', { cookie: mine.cookie }, form)).status).toBe(403);
    expect((await post('/chat/ask', { cookie: mine.cookie, csrf: theirs.csrf }, form)).status).toBe(
      403,
    );
    expect((await post('/chat/ask', mine, form)).status).toBe(200);
  });

  it('refuses admin actions without a sign-in, even with a valid CSRF token', async () => {
    const session = await browserSession();
    const response = await post('/admin/sources/sample-kb/reindex', session, {});
    expect(response.status).toBe(401);
    expect(await running.kb.jobs.latest({ limit: 10 })).toHaveLength(1);
  });

  it('limits how fast one browser asks, with the wait in the thread', async () => {
    const session = await browserSession();
    const ask = () => post('/chat/ask', session, { thread: 'thread-0002', text: 'What is a PIP?' });
    await ask();
    await ask();
    const third = await (await ask()).text();
    expect(third).toMatch(/more than 2 questions a minute; ask again in \d+ s/);
  });

  it('refuses a body over 64 KB and a question over 4,000 characters with the reason', async () => {
    const session = await browserSession();
    const huge = await post('/chat/ask', session, {
      thread: 'thread-0003',
      text: 'x'.repeat(70_000),
    });
    expect(huge.status).toBe(413);
    const other = await browserSession();
    const long = await post('/chat/ask', other, { thread: 'thread-0004', text: 'y'.repeat(5_000) });
    expect(await long.text()).toContain('ask in at most 4000');
  });

  it('answers /healthz, /readyz and /metrics with the questions just asked', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, checks: { llm: 'offline' } });
    const scraped = await (await fetch(`${url}/metrics`)).text();
    expect(scraped).toMatch(/clarify_questions_total\{platform="web",decision="[a-z-]+"\} [1-9]/);
    expect(scraped).toMatch(/clarify_source_last_success_timestamp_seconds\{source="sample-kb"\}/);
  });

  it('stops guessing the admin token after ten tries', async () => {
    const session = await browserSession();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push((await post('/login', session, { token: `guess-${attempt}` })).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Even the right token waits now, from this browser and this address.
    expect((await post('/login', session, { token: ADMIN_TOKEN })).status).toBe(429);
  });
});
