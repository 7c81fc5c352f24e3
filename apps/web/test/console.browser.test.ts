import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { createPgChatStores } from '@clarify/chat';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../src/bench/launch-chromium';
import { ADMIN_TOKEN, startTestConsole, type RunningConsole } from './console-harness';

/** Screenshots of the main pages, linked from the README. */
const SCREENSHOTS = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const ANSWER_WAIT_MS = 30_000;

let running: RunningConsole;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let url: string;
let folder: string;

beforeAll(async () => {
  [running, browser] = await Promise.all([startTestConsole(), launchChromium()]);
  url = running.console.url;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  folder = await mkdtemp(join(tmpdir(), 'clarify-web-source-'));
  await mkdir(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await running?.stop();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** Types a question into the box and sends it; resolves when the thread has a new reply. */
async function ask(question: string): Promise<void> {
  const replies = await page.locator('#thread .from-bot').count();
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Ask' }).click();
  await expect
    .poll(() => page.locator('#thread .from-bot').count(), { timeout: ANSWER_WAIT_MS })
    .toBeGreaterThan(replies);
  await page.locator('#thread[data-working="false"]').waitFor({ timeout: ANSWER_WAIT_MS });
}

const lastBot = () => page.locator('#thread .from-bot').last();

async function seriousViolations(target: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: target }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('the chat playground', () => {
  it('asks, clarifies with one button per reading, and answers the one clicked with sources', async () => {
    await page.goto(url);
    await ask('How many vacation days do I get?');
    const clarification = lastBot().locator('.clarify');
    await expect.poll(() => clarification.locator('.option').count()).toBeGreaterThanOrEqual(2);
    const previews = await clarification.locator('.option .preview').allInnerTexts();
    // Each preview states a number of days from a cited passage, not a heading.
    for (const preview of previews) expect(preview).toMatch(/\d+/);
    expect(await clarification.locator('.option .sources a').count()).toBeGreaterThanOrEqual(2);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-clarification.png'), fullPage: true });

    const first = clarification.locator('.option').first();
    const reading = await first.locator('button').innerText();
    await first.locator('button').click();
    await lastBot().locator('.answer').waitFor({ timeout: ANSWER_WAIT_MS });
    const answer = lastBot().locator('.answer');
    expect(await answer.locator('.answer-text').innerText()).toMatch(/\d+/);
    expect(await answer.locator('.sources li').count()).toBeGreaterThanOrEqual(1);
    // The clarification now shows the choice and offers no more buttons.
    const decided = page.locator('.clarify.decided');
    expect(await decided.locator('.chosen-note').innerText()).toContain(reading);
    expect(await decided.locator('button').count()).toBe(0);
    await page.screenshot({ path: join(SCREENSHOTS, 'chat-answer.png'), fullPage: true });
  });

  it('opens a cited passage with the cited sentence highlighted', async () => {
    const source = lastBot().locator('.answer .sources li a').first();
    const href = await source.getAttribute('href');
    expect(href).toMatch(/^\/passage\/\d+\?hl=/);
    const passage = await context.newPage();
    await passage.goto(`${url}${href}`);
    const marked = await passage.locator('mark#cited').innerText();
    expect(marked).toMatch(/\d+/);
    expect(await seriousViolations(passage)).toEqual([]);
    await passage.close();
  });

  it('shows how a reply was made: stages, timings and decisions', async () => {
    const trace = lastBot().locator('details.trace');
    await trace.locator('summary').click();
    const stages = await trace.locator('tbody th').allInnerTexts();
    expect(stages.length).toBeGreaterThan(0);
    expect(await trace.innerText()).toMatch(/\d+ ms|\d+\.\d+ s/);
  });

  it('records a 👍 on the answer', async () => {
    await lastBot()
      .getByRole('button', { name: /Helpful/ })
      .first()
      .click();
    await expect
      .poll(() => page.locator('#thread').innerText())
      .toContain('your feedback is recorded');
    const votes = await createPgChatStores(running.kb.database.db).feedback.list();
    expect(votes).toEqual([expect.objectContaining({ rating: 'up', platform: 'web' })]);
    expect(
      await page
        .getByRole('button', { name: /Helpful/ })
        .first()
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('answers a follow-up the thread settles without asking', async () => {
    await page.goto(url);
    await ask('I work in the Rotterdam office.');
    await ask('How many vacation days do I get?');
    const reply = lastBot();
    await reply.locator('.answer').waitFor();
    expect(await reply.innerText()).toContain('26');
    expect(await reply.locator('.clarify').count()).toBe(0);
  });

  it('answers every reading with "Answer all"', async () => {
    await page.goto(url);
    await ask('When is payday?');
    await lastBot().getByRole('button', { name: 'Answer all' }).click();
    await page.locator('#thread .answer').last().waitFor({ timeout: ANSWER_WAIT_MS });
    const answer = page.locator('#thread .answer').last();
    expect(await answer.locator('.sources li').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('.chosen-note').innerText()).toContain('Answer all');
    await lastBot()
      .getByRole('button', { name: /Not helpful/ })
      .click();
    await expect.poll(() => page.locator('#thread').innerText()).toContain('feedback is recorded');
  });

  it('asks for a rephrase after "None of these" and answers the rephrased question', async () => {
    await page.goto(url);
    await ask('How much paternity leave do I get?');
    await lastBot().getByRole('button', { name: 'None of these' }).click();
    await expect.poll(() => page.locator('#thread').innerText()).toContain('rephrase');
    await ask('How much paid leave does a non-birthing parent get in Boston?');
    const reply = lastBot();
    await reply.locator('.answer, .clarify').first().waitFor();
    expect(await reply.innerText()).toMatch(/12 weeks/);
  });

  it('says so when the documents do not answer', async () => {
    await page.goto(url);
    await ask('What is the stock price target for next year?');
    expect(await lastBot().locator('.no-answer').count()).toBe(1);
  });
});

describe('the admin pages', () => {
  it('refuse without a sign-in', async () => {
    const anonymous = await browser.newContext();
    const visitor = await anonymous.newPage();
    for (const path of ['/admin/sources', '/admin/jobs', '/admin/analytics', '/admin/audit']) {
      await visitor.goto(`${url}${path}`);
      expect(new URL(visitor.url()).pathname).toBe('/login');
    }
    const posted = await fetch(`${url}/admin/sources/sample-kb/reindex`, { method: 'POST' });
    expect(posted.status).toBe(403);
    expect(await seriousViolations(visitor)).toEqual([]);
    await anonymous.close();
  });

  it('refuse a wrong token, and sign in with the right one', async () => {
    await page.goto(`${url}/admin/sources`);
    await page.getByLabel('Admin token').fill('not-the-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('not right');
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sources' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/sources');
  });

  it('refuse a forged CSRF token even when signed in', async () => {
    const status = await page.evaluate(async () => {
      const response = await fetch('/admin/sources/sample-kb/reindex', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-csrf-token': 'forged-token',
        },
        body: '_csrf=forged-token',
      });
      return response.status;
    });
    expect(status).toBe(403);
  });

  it('add a folder source and follow its run to the end, live', async () => {
    await writeDocuments(folder, 800);
    await page.goto(`${url}/admin/sources`);
    await page.getByLabel('Type').selectOption('files');
    await page.getByLabel('Id', { exact: true }).fill('handbook');
    await page.getByLabel('path').fill(folder);
    await page.getByRole('button', { name: 'Save source' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/jobs');
    const row = page.locator('tr.job[data-source="handbook"]').first();
    // The table updates itself while the run goes on: no reload.
    const pageBefore = page.url();
    await row.waitFor({ timeout: ANSWER_WAIT_MS });
    await page
      .locator('tr.job.running[data-source="handbook"] progress')
      .waitFor({ timeout: ANSWER_WAIT_MS });
    await page.locator('tr.job.succeeded[data-source="handbook"]').waitFor({ timeout: 120_000 });
    expect(page.url()).toBe(pageBefore);
    expect(
      await page.locator('tr.job.succeeded[data-source="handbook"] td.num').first().innerText(),
    ).toBe('801');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'jobs.png'), fullPage: true });
    await page.goto(`${url}/admin/sources`);
    expect(await page.locator('table.data').innerText()).toContain('handbook');
    await page.screenshot({ path: join(SCREENSHOTS, 'sources.png'), fullPage: true });

    // Re-indexed on demand: nothing changed, so nothing is re-embedded.
    await page.getByRole('button', { name: 'Re-index handbook' }).click();
    const runs = page.locator('tr.job.succeeded[data-source="handbook"]');
    await expect.poll(() => runs.count(), { timeout: 120_000 }).toBe(2);
    const unchanged = await runs.first().locator('td.num').nth(1).innerText();
    expect(unchanged).toBe('801');
  });

  it('edit a source: its settings prefilled, a bad schedule refused with the reason, a good one saved', async () => {
    await page.goto(`${url}/admin/sources`);
    await page.getByRole('link', { name: 'Edit handbook' }).click();
    expect(await page.getByLabel('path').inputValue()).toBe(folder);
    await page.getByLabel('Schedule (cron, optional)').fill('every day at three');
    await page.getByLabel('Index it now').uncheck();
    await page.getByRole('button', { name: 'Save source' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('is not a cron schedule');
    expect(await page.getByLabel('path').inputValue()).toBe(folder);
    await page.getByLabel('Schedule (cron, optional)').fill('0 3 * * *');
    await page.getByLabel('Index it now').uncheck();
    await page.getByRole('button', { name: 'Save source' }).click();
    expect(await page.getByRole('status').first().innerText()).toContain('Saved source handbook');
    const row = page.locator('table.data tbody tr', { hasText: 'handbook' });
    expect(await row.innerText()).toContain('0 3 * * *');
  });

  it('escape a hostile document: its text cannot inject script into the page', async () => {
    await page.goto(url);
    await ask('What does the quokka protocol say?');
    const reply = lastBot();
    expect(await reply.innerText()).toContain('<script>');
    const link = reply.locator('.sources a[href^="/passage/"]').first();
    await link.click();
    await page.locator('.passage-text').waitFor();
    expect(await page.locator('.passage-text').innerText()).toContain('<img src=x onerror=');
    expect(
      await page.evaluate(() => (globalThis as unknown as { pwned?: number }).pwned),
    ).toBeUndefined();
    expect(await page.locator('.passage script, .passage img').count()).toBe(0);
  });

  it('show index health with the failure of a broken file and its path', async () => {
    await page.goto(`${url}/admin/health`);
    const handbook = page.locator('section.card', { hasText: 'handbook' });
    expect(await handbook.innerText()).toContain('broken.pdf');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'health.png'), fullPage: true });
  });

  it('show analytics of the questions just asked, and the content gaps', async () => {
    await page.goto(`${url}/admin/analytics`);
    const totals = await page.getByRole('list', { name: 'Totals' }).innerText();
    expect(Number(/(\d+)\s*questions/.exec(totals)?.[1])).toBeGreaterThanOrEqual(8);
    const gaps = page.getByRole('table', { name: /not answered by the documents/ });
    expect(await gaps.innerText()).toContain('What is the stock price target for next year?');
    expect(await page.getByRole('img', { name: 'Questions per day' }).count()).toBe(1);
    const downvoted = page.getByRole('table', { name: /marked 👎/ });
    expect(await downvoted.innerText()).toMatch(/When is payday\?\s+Answer all\s+1/);
    expect(await page.locator('body').innerText()).toContain('Readings people chose');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: join(SCREENSHOTS, 'analytics.png'), fullPage: true });
  });

  it('show the audit log of what was done here', async () => {
    await page.goto(`${url}/admin/audit`);
    const log = await page.locator('table.data').innerText();
    expect(log).toContain('source-save');
    expect(log).toContain('sign-in');
    expect(log).toContain('refused');
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('remove a source after asking, and everything indexed from it', async () => {
    await page.goto(`${url}/admin/sources`);
    await page.getByRole('link', { name: 'Remove handbook' }).click();
    expect(await page.locator('main').innerText()).toContain('801 documents');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Remove handbook' }).click();
    expect(await page.getByRole('status').first().innerText()).toContain('Removed source handbook');
    expect(await page.locator('table.data').innerText()).not.toContain('handbook');
    const sources = await running.kb.sources.list();
    expect(sources.map((source) => source.id)).toEqual(['sample-kb']);
  });

  it('never log a question at info level', () => {
    const above = running.logs.filter((line) => line.level !== 'debug').map((line) => line.text);
    expect(above.length).toBeGreaterThan(0);
    for (const text of above) {
      expect(text).not.toContain('vacation days');
      expect(text).not.toContain('stock price');
      expect(text).not.toContain(ADMIN_TOKEN);
    }
  });
});

/** A handbook of `count` pages, a hostile page, and a broken PDF. */
async function writeDocuments(dir: string, count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, (_, index) =>
      writeFile(
        join(dir, `page-${String(index).padStart(4, '0')}.md`),
        `# Handbook page ${index}\n\nTopic ${index} of the handbook covers routine ${index % 7} procedures in detail.\n`,
      ),
    ),
  );
  await writeFile(
    join(dir, 'quokka-protocol.txt'),
    'The quokka protocol says every <script>window.pwned=1</script> visitor signs the guest book. ' +
      'The quokka protocol is written as <img src=x onerror=window.pwned=1> on the door.\n',
  );
  await writeFile(join(dir, 'broken.pdf'), '%PDF-1.7\nthis is not really a pdf');
}
