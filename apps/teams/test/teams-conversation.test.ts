import { afterEach, describe, expect, it } from 'vitest';
import { createPgFeedbackStore } from '@clarify/db';
import type { KnowledgeBase } from '@clarify/runtime';
import {
  ASKER,
  cardTexts,
  chainOf,
  isWorking,
  startTeamsHarness,
  submitActions,
  type TeamsHarness,
} from '../testing/teams-harness';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

let kb: KnowledgeBase;
let teams: TeamsHarness;

useSampleKnowledgeBase((opened) => (kb = opened));
afterEach(async () => {
  await teams.stop();
});

/** A mention the sample documents read two ways, answered with a card of options. */
async function clarification(question = 'How do I reset my password?') {
  const { activity, status } = await teams.mention(question);
  expect(status).toBe(200);
  const chain = chainOf(activity.id);
  const card = await teams.waitForReply(chain);
  expect(submitActions(card.activity).length).toBeGreaterThanOrEqual(3);
  return { chain, card };
}

describe('Teams: mention → typing and placeholder → card → submit → cited answer', () => {
  it('shows typing and a placeholder at once, then a card of options with citations in its place', async () => {
    teams = await startTeamsHarness(kb);
    const { chain, card } = await clarification();
    const calls = teams.connector.calls().filter((call) => call.conversationId === chain);
    // The placeholder first, then "typing…" under it while the answer is worked out.
    expect(calls.slice(0, 2).map((call) => call.body?.type)).toEqual(['message', 'typing']);
    expect(calls[0]?.body?.text).toBe('⏳ Looking through the documents…');
    // The card replaced the placeholder: same activity, updated.
    expect(card.updates).toBe(1);
    expect(calls.every((call) => call.authorization === 'Bearer outgoing-test-token')).toBe(true);
    const texts = cardTexts(card.activity);
    expect(texts[0]).toContain('can mean different things');
    expect(texts.filter((text) => text.startsWith('**Sources**')).length).toBeGreaterThanOrEqual(2);
    expect(texts.join('\n')).toMatch(/\[[^\]]+\]\(https?:\/\/|\\\[1\\\] /);
    const titles = submitActions(card.activity).map((action) => action.title);
    expect(titles.slice(-2)).toEqual(['Answer all', 'None of these']);
    for (const action of submitActions(card.activity)) {
      expect(Object.keys(action.data).sort()).toEqual(['clarify', 'value']);
      expect(String(action.data.value)).toMatch(/^c1:[A-Za-z0-9-]+:(?:\d+|all|none)$/);
    }
  });

  it('marks the chosen option, removes the buttons and answers with citations and 👍/👎', async () => {
    teams = await startTeamsHarness(kb);
    const { chain, card } = await clarification();
    const [first] = submitActions(card.activity);
    expect((await teams.submit(card, first?.data ?? {})).status).toBe(200);
    const answer = await teams.waitForReply(chain, 1);
    const updated = teams.botActivities(chain)[0];
    expect(submitActions(updated?.activity ?? {})).toEqual([]);
    expect(cardTexts(updated?.activity ?? {}).some((text) => text.startsWith('✅'))).toBe(true);
    const texts = cardTexts(answer.activity);
    expect(texts.some((text) => text.startsWith('**Sources**'))).toBe(true);
    expect(texts.join('\n')).toMatch(/\\\[1\\\]/);
    const votes = submitActions(answer.activity);
    expect(votes.map((vote) => vote.title)).toEqual(['👍', '👎']);

    await teams.submit(answer, votes[1]?.data ?? {});
    await teams.app.idle();
    const feedback = await createPgFeedbackStore(kb.database.db).list();
    expect(feedback[0]).toMatchObject({
      platform: 'teams',
      userId: ASKER,
      rating: 'down',
      messageId: answer.id,
    });
    // A second click on the options gets "already answered", not a second answer.
    await teams.submit(card, first?.data ?? {}, { user: 'aad-other' });
    await teams.app.idle();
    const last = teams.botActivities(chain).at(-1);
    expect(last?.activity.text).toMatch(/already been answered|feedback is recorded/);
  });

  it('answers every reading for "Answer all"', async () => {
    teams = await startTeamsHarness(kb);
    const { chain, card } = await clarification();
    const all = submitActions(card.activity).find((action) => action.title === 'Answer all');
    await teams.submit(card, all?.data ?? {});
    const answer = await teams.waitForReply(chain, 1);
    const sources = cardTexts(answer.activity).find((text) => text.startsWith('**Sources**'));
    expect(sources?.match(/\\\[\d+\\\]/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
  });

  it('asks for a rephrase on "None of these" and answers the rephrased question in the chain', async () => {
    teams = await startTeamsHarness(kb);
    const { chain, card } = await clarification();
    const none = submitActions(card.activity).find((action) => action.title === 'None of these');
    await teams.submit(card, none?.data ?? {});
    const prompt = await teams.waitForReply(chain, 1);
    expect(cardTexts(prompt.activity).join(' ')).toContain('rephrase');
    await teams.mention('How many vacation days do Rotterdam employees get?', {
      root: chain.split(';messageid=')[1] ?? '',
    });
    const answer = await teams.waitForReply(chain, 2);
    expect(cardTexts(answer.activity).join('\n')).toMatch(/26 vacation days/);
    expect(submitActions(answer.activity).map((action) => action.title)).toEqual(['👍', '👎']);
  });

  it('settles a follow-up from the stored turns of the chain', async () => {
    teams = await startTeamsHarness(kb);
    const { activity } = await teams.mention('How many vacation days do Rotterdam employees get?');
    const chain = chainOf(activity.id);
    await teams.waitForReply(chain);
    await teams.mention('What about Boston?', { root: activity.id });
    const followUp = await teams.waitForReply(chain, 1);
    expect(submitActions(followUp.activity).map((action) => action.title)).toEqual(['👍', '👎']);
    expect(cardTexts(followUp.activity).join('\n')).toMatch(/Boston/);
  });

  it('answers in a personal chat', async () => {
    teams = await startTeamsHarness(kb);
    const { activity, status } = await teams.personal('What is a PIP?');
    expect(status).toBe(200);
    const answer = await teams.waitForReply(activity.conversation.id);
    expect(isWorking(answer.activity)).toBe(false);
    expect(cardTexts(answer.activity).join('\n')).toMatch(/performance improvement plan/i);
  });

  it('runs admin commands for configured admins and refuses and audits the others', async () => {
    teams = await startTeamsHarness(kb, { teams: { adminUserIds: ['aad-admin'] } });
    const refused = await teams.mention('reindex');
    await teams.app.idle();
    const refusal = teams.botActivities(chainOf(refused.activity.id));
    expect(refusal.map((stored) => stored.activity.text)).toEqual([
      expect.stringContaining('only Clarify admins can run `@Clarify` commands') as unknown,
    ]);
    const status = await teams.mention('status', { user: 'aad-admin' });
    await teams.app.idle();
    const said = teams
      .botActivities(chainOf(status.activity.id))
      .map((stored) => String(stored.activity.text));
    expect(said.join('\n')).toMatch(/\*\*Index status\.\*\*/);
    const { createPgAuditLog } = await import('@clarify/db');
    const audit = await createPgAuditLog(kb.database.db).recent(5);
    expect(
      audit
        .slice(0, 2)
        .map((entry) => [entry.platform, entry.actorUserId, entry.action, entry.outcome]),
    ).toEqual([
      ['teams', 'aad-admin', 'status', 'ok'],
      ['teams', ASKER, 'reindex', 'refused'],
    ]);
  });
});
