import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChatAssistant, createPgChatStores, type Logger } from '@clarify/chat';
import { loadConfig, loadWebConfig } from '@clarify/config';
import { ensureSampleSource, openKnowledgeBase, startIndexing } from '@clarify/runtime';
import type { Page } from 'playwright-core';
import { startWebConsole } from '../start-web-console';
import { launchChromium } from './launch-chromium';

/** First questions a newcomer asks the sample knowledge base (clarified, answered, not in it). */
export const FIRST_QUESTIONS = [
  'How many vacation days do I get?',
  'How do I reset my password?',
  'When is payday?',
  'What is a PIP?',
  'How do I request a new laptop?',
  'What is the stock price target for next year?',
];

export type FirstAnswerFigures = {
  /** The first question after the console started, browser click to reply shown (ms). */
  coldMs: number;
  /** Every later question, browser click to reply shown (ms). */
  browserMs: number[];
  /** The same questions through the assistant alone, no HTTP and no browser (ms). */
  assistantMs: number[];
};

const silent: Logger = {
  child: () => silent,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/**
 * The embedded default as `clarify start` runs it (a fresh PGlite folder with the sample
 * knowledge base, the offline engine and its reading threads, the console on loopback), and a
 * headless Chromium asking each first question in a new conversation, `rounds` times: from the
 * click on "Ask" to the reply on the page. The assistant alone answers the same questions in
 * the same run, as the baseline.
 */
export async function measureFirstAnswers(options: {
  rounds: number;
}): Promise<FirstAnswerFigures> {
  const dataDir = await mkdtemp(join(tmpdir(), 'clarify-bench-web-'));
  const config = { ...loadConfig({}), dataDir };
  const kb = await openKnowledgeBase(config);
  const browser = await launchChromium();
  try {
    await ensureSampleSource(kb);
    const chat = loadWebConfig({});
    const answering = createChatAssistant(config, chat, kb);
    await answering.ready();
    const indexing = await startIndexing(kb, { role: 'app', logger: silent });
    const web = await startWebConsole({
      kb,
      assistant: answering.assistant,
      stores: createPgChatStores(kb.database.db),
      indexing: indexing.dispatch,
      chat,
      logger: silent,
      host: '127.0.0.1',
      port: 0,
      adminToken: 'bench-admin-token-0123456789',
    });
    try {
      const page = await browser.newPage();
      const coldMs = await askInBrowser(page, web.url, FIRST_QUESTIONS[0] ?? '');
      const browserMs: number[] = [];
      const assistantMs: number[] = [];
      for (let round = 0; round < options.rounds; round += 1) {
        for (const [index, question] of FIRST_QUESTIONS.entries()) {
          browserMs.push(await askInBrowser(page, web.url, question));
          const started = performance.now();
          await answering.assistant.ask({
            thread: {
              platform: 'bench',
              workspaceId: 'bench',
              channelId: 'bench',
              threadId: `${round}-${index}`,
            },
            userId: 'bench',
            text: question,
          });
          assistantMs.push(performance.now() - started);
        }
      }
      return { coldMs, browserMs, assistantMs };
    } finally {
      await web.stop();
      await indexing.stop();
      await answering.close();
    }
  } finally {
    await browser.close();
    await kb.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A new conversation, the question typed and sent; ms until the reply replaced "working…". */
async function askInBrowser(page: Page, url: string, question: string): Promise<number> {
  await page.goto(url);
  await page.getByLabel('Your question').fill(question);
  const started = performance.now();
  await page.getByRole('button', { name: 'Ask' }).click();
  await page
    .locator('#thread[data-working="false"] .from-bot')
    .first()
    .waitFor({ timeout: 60_000 });
  return performance.now() - started;
}
