import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgAnalytics } from '@clarify/db';
import { startTestConsole, type RunningConsole } from './console-harness';

/** How long the assistant takes here: longer than the page waits before showing "working…". */
const SLOW_MS = 2_500;

let running: RunningConsole;

beforeAll(async () => {
  running = await startTestConsole({
    assistant: (assistant) => ({
      ...assistant,
      async ask(turn) {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
        return assistant.ask(turn);
      },
    }),
  });
});
afterAll(async () => {
  await running?.stop();
});

describe('stopping the console (LF-5)', () => {
  it('finishes the question in flight, then stops taking requests', async () => {
    const url = running.console.url;
    const page = await fetch(`${url}/`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const csrf = /X-CSRF-Token&quot;:&quot;([^&]+)&quot;/.exec(await page.text())?.[1] ?? '';
    const asked = await fetch(`${url}/chat/ask`, {
      method: 'POST',
      headers: {
        cookie,
        'x-csrf-token': csrf,
        'hx-request': 'true',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ thread: 'shutdown-thread', text: 'What is a PIP?' }).toString(),
    });
    // The page shows the placeholder: the answer is still being worked out.
    expect(await asked.text()).toContain('Looking through the documents');

    const stopping = running.console.stop();
    // The answer is finished before the console has stopped: nothing is lost.
    await stopping;
    // The layer records a question's outcome once its reply is delivered.
    const shares = await createPgAnalytics(running.kb.database.db).decisionShares(new Date(0));
    expect(shares.total).toBe(1);
    expect(shares.failed).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});
