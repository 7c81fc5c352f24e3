import { afterEach, describe, expect, it } from 'vitest';
import { decodeChoice, encodeChoice } from '@clarify/chat';
import { EXPIRED_TEXT } from '@clarify/core';
import { createPgChatStores } from '@clarify/chat';
import { createPgClarificationStore } from '@clarify/db';
import { createConfiguredAssistant, OFFLINE_PIPELINE, type KnowledgeBase } from '@clarify/runtime';
import { createLogger, startTeamsApp } from '../src';
import {
  chainOf,
  startTeamsHarness,
  submitActions,
  testTeamsConfig,
  type TeamsHarness,
} from '../testing/teams-harness';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

let kb: KnowledgeBase;
let teams: TeamsHarness | undefined;

useSampleKnowledgeBase((opened) => (kb = opened));
afterEach(async () => {
  await teams?.stop();
  teams = undefined;
});

async function post(url: string, body: string): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  await response.text();
  return response.status;
}

describe('Teams TM-1: every request is authenticated', () => {
  it('answers 401 to a missing, foreign, misaddressed, misissued or expired token, and runs nothing', async () => {
    teams = await startTeamsHarness(kb);
    const harness = teams;
    const { channelMention } = await import('@clarify/testing');
    const activity = () =>
      channelMention({
        serviceUrl: harness.connector.serviceUrl,
        botId: 'x',
        tenantId: 't',
        userId: 'aad-someone',
        teamId: 'team',
        channelId: '19:c@thread.tacv2',
        text: 'How many vacation days do I get?',
      });
    const tokens = {
      none: null,
      unknownKey: harness.token({ key: 'unknown' }),
      wrongAudience: harness.token({ audience: 'another-app' }),
      wrongIssuer: harness.token({ issuer: 'https://evil.example' }),
      expired: harness.token({ expiresInSeconds: -3600 }),
    };
    for (const [name, token] of Object.entries(tokens)) {
      const { status } = await harness.send(activity(), token);
      expect([name, status]).toEqual([name, 401]);
    }
    await harness.app.idle();
    expect(harness.connector.calls()).toEqual([]);
    // The same activity with a good token is answered.
    expect((await harness.send(activity())).status).toBe(200);
  });

  it('refuses to start without an app id unless insecure local testing is set', async () => {
    const { assistant } = createConfiguredAssistant(OFFLINE_PIPELINE, kb);
    const options = {
      kb,
      assistant,
      stores: createPgChatStores(kb.database.db),
      logger: createLogger('silent'),
      host: '127.0.0.1',
    };
    await expect(
      startTeamsApp({ ...options, config: testTeamsConfig({ appId: '' }) }),
    ).rejects.toThrow(/without TEAMS_APP_ID/);
    const local = await startTeamsApp({
      ...options,
      config: testTeamsConfig({ appId: '', insecureLocal: true, credentials: { kind: 'none' } }),
    });
    await local.stop();
  });

  it('fetches the signing keys before taking requests, not once per request of a burst', async () => {
    teams = await startTeamsHarness(kb);
    const harness = teams;
    expect(harness.connector.keyFetches()).toBe(1);
    const questions = Array.from({ length: 12 }, (_, index) => `What is a PIP? (${index})`);
    const sent = await Promise.all(questions.map((text) => harness.mention(text)));
    expect(sent.map(({ status }) => status)).toEqual(questions.map(() => 200));
    await harness.app.idle();
    expect(harness.connector.keyFetches()).toBe(1);
  });

  it('refuses malformed and oversized requests with a clear status', async () => {
    teams = await startTeamsHarness(kb);
    expect(await post(teams.appUrl, '{not json')).toBe(400);
    expect(await post(teams.appUrl, '[1, 2]')).toBe(400);
    expect(await post(teams.appUrl, JSON.stringify({ text: 'no type' }))).toBe(400);
    expect(
      await post(teams.appUrl, JSON.stringify({ type: 'message', text: 'x'.repeat(1_100_000) })),
    ).toBe(413);
    const health = await fetch(teams.appUrl.replace('/api/messages', '/healthz'));
    expect([health.status, await health.text()]).toEqual([200, 'ok']);
  });
});

describe('Teams: redelivery, expiry and a failing Bot Connector', () => {
  it('answers an activity delivered three times once', async () => {
    teams = await startTeamsHarness(kb);
    const { activity } = await teams.mention('What is a PIP?');
    await teams.send(activity);
    await teams.send(activity);
    await teams.app.idle();
    expect(teams.botActivities(chainOf(activity.id))).toHaveLength(1);
  });

  it('answers a click on expired options with "expired, ask again"', async () => {
    teams = await startTeamsHarness(kb);
    const { activity } = await teams.mention('How do I reset my password?');
    const chain = chainOf(activity.id);
    const card = await teams.waitForReply(chain);
    const [first] = submitActions(card.activity);
    const store = createPgClarificationStore(kb.database.db);
    const pending = await store.get(decodeChoice(String(first?.data.value))?.clarificationId ?? '');
    if (pending === null) throw new Error('no pending clarification');
    await store.save({ ...pending, id: 'expired-teams-1', expiresAt: new Date(Date.now() - 1000) });
    await teams.submit(card, {
      clarify: 'choose',
      value: encodeChoice({ clarificationId: 'expired-teams-1', optionId: '1' }),
    });
    await teams.app.idle();
    expect(
      teams
        .botActivities(chain)
        .map((stored) => stored.activity.text)
        .slice(1),
    ).toEqual([EXPIRED_TEXT]);
  });

  it('retries 5xx with backoff and 429 after its Retry-After', async () => {
    teams = await startTeamsHarness(kb);
    teams.connector.fail(2, { status: 500 });
    const { activity } = await teams.mention('What is a PIP?');
    await teams.waitForReply(chainOf(activity.id));
    const statuses = teams.connector.calls().map((call) => call.status);
    expect(statuses.slice(0, 3)).toEqual([500, 500, 201]);

    teams.connector.fail(1, { status: 429, retryAfterSeconds: 1 });
    const second = await teams.mention('How many vacation days do Rotterdam employees get?');
    const chain = chainOf(second.activity.id);
    const limited = await teams.connector.waitFor(
      (call) => call.conversationId === chain && call.status === 429,
      4_000,
    );
    const retried = await teams.connector.waitFor(
      (call) =>
        call.conversationId === chain &&
        call.status === 201 &&
        call.body?.type === limited.body?.type,
      4_000,
    );
    expect(retried.at - limited.at).toBeGreaterThanOrEqual(900);
    await teams.waitForReply(chain);
  });

  it('logs a Bot Connector outage and keeps serving once it is back', async () => {
    const lines: Array<Record<string, unknown>> = [];
    teams = await startTeamsHarness(kb, { log: (line) => lines.push(line) });
    // A first question fetches the token keys (they are cached), then the connector goes away.
    const first = await teams.mention('What is a PIP?');
    await teams.waitForReply(chainOf(first.activity.id));
    teams.connector.down();
    const lost = await teams.mention('What is a PIP?');
    expect(lost.status).toBe(200);
    await teams.app.idle();
    expect(lines.some((line) => line.level === 50)).toBe(true);
    teams.connector.up();
    const { activity, status } = await teams.mention(
      'How many vacation days do Rotterdam employees get?',
    );
    expect(status).toBe(200);
    const answer = await teams.waitForReply(chainOf(activity.id));
    expect(submitActions(answer.activity).map((action) => action.title)).toEqual(['👍', '👎']);
    const serialized = JSON.stringify(lines);
    expect(serialized).not.toContain('outgoing-test-token');
    expect(serialized).not.toContain('test-password');
    // RG-3: no question text above debug level.
    expect(serialized).not.toContain('What is a PIP?');
    expect(serialized).not.toContain('How many vacation days');
  });
});
