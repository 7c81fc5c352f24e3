import { afterEach, describe, expect, it } from 'vitest';
import type { KnowledgeBase } from '@clarify/runtime';
import { graphUserMessage, startFakeGraph, type FakeGraph } from '@clarify/testing';
import {
  APP_ID,
  ASKER,
  CHANNEL,
  cardTexts,
  chainOf,
  startTeamsHarness,
  submitActions,
  TEAM,
  type TeamsHarness,
} from '../testing/teams-harness';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

let kb: KnowledgeBase;
let teams: TeamsHarness | undefined;
let graph: FakeGraph | undefined;

useSampleKnowledgeBase((opened) => (kb = opened));
afterEach(async () => {
  await teams?.stop();
  await graph?.close();
  teams = undefined;
  graph = undefined;
});

const GROUP = 'b6a1c0de-0000-4000-8000-00000000team';
const place = { teamGroupId: GROUP, channelId: CHANNEL };

/** Teams with reply chains read through a fake Graph; team ids resolved by the connector. */
async function start(log?: (line: Record<string, unknown>) => void) {
  graph = await startFakeGraph({ clientId: APP_ID, clientSecret: 'test-password' });
  teams = await startTeamsHarness(kb, {
    teams: { graph: { enabled: true, url: graph.graphUrl, loginUrl: graph.loginUrl } },
    teamGroups: { [TEAM]: GROUP },
    ...(log && { log }),
  });
  return { graph, teams };
}

/**
 * A thread whose root a colleague wrote without mentioning the bot; then the asker's mention
 * in its reply chain, as Teams delivers it and as Graph lists it.
 */
async function askAfterColleague(harness: TeamsHarness, fake: FakeGraph, rootId: string) {
  const started = Date.now() - 60_000;
  fake.post(
    place,
    graphUserMessage({
      id: rootId,
      text: 'Heads-up: I just moved to our Rotterdam office.',
      userId: ASKER,
      at: new Date(started),
    }),
  );
  const questionId = String(Number(rootId) + 30_000);
  fake.post(
    place,
    graphUserMessage({
      id: questionId,
      replyToId: rootId,
      text: 'How many vacation days do I get?',
      userId: ASKER,
      at: new Date(started + 30_000),
      mentionsApp: { id: APP_ID, name: 'Clarify' },
    }),
  );
  await harness.mention('How many vacation days do I get?', { root: rootId, id: questionId });
  return harness.waitForReply(chainOf(rootId));
}

describe('Teams reply chains read through Graph (RSC ChannelMessage.Read.Group)', () => {
  it('settles a question from a colleague’s message that never mentioned the bot', async () => {
    const { graph: fake, teams: harness } = await start();
    const reply = await askAfterColleague(harness, fake, '1700000000000');
    expect(submitActions(reply.activity).map((action) => action.title)).toEqual(['👍', '👎']);
    expect(cardTexts(reply.activity).join('\n')).toMatch(/26 vacation days/);
    expect(fake.tokenGrants()).toEqual([{ tenantId: 'tenant-1', kind: 'secret' }]);
    expect(fake.requests().map((request) => request.path)).toContain(
      `/v1.0/teams/${encodeURIComponent(GROUP)}/channels/${encodeURIComponent(CHANNEL)}/messages/1700000000000/replies`,
    );
  });

  it('falls back to the stored turns, and says what to grant, when the team has not consented', async () => {
    const lines: Record<string, unknown>[] = [];
    const { graph: fake, teams: harness } = await start((line) => lines.push(line));
    fake.refuse(GROUP);
    const reply = await askAfterColleague(harness, fake, '1700000100000');
    // Without the colleague's message the question has several readings: options, not a guess.
    expect(submitActions(reply.activity).length).toBeGreaterThanOrEqual(3);
    const again = await askAfterColleague(harness, fake, '1700000200000');
    expect(submitActions(again.activity).length).toBeGreaterThanOrEqual(3);
    const warnings = lines.filter((line) => String(line.msg).includes('ChannelMessage.Read.Group'));
    expect(warnings).toHaveLength(1);
    // Refused once, the team is not asked again for a while.
    expect(fake.requests().filter((request) => request.status === 403).length).toBeLessThanOrEqual(
      2,
    );
  });
});
