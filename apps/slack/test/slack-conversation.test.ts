import { afterEach, describe, expect, it } from 'vitest';
import { EXPIRED_TEXT } from '@clarify/core';
import { createPgClarificationStore, createPgFeedbackStore } from '@clarify/db';
import type { KnowledgeBase } from '@clarify/runtime';
import { FEEDBACK_THANKS } from '@clarify/chat';
import { messageEvent, sendSlackEvent, type SlackApiCall } from '@clarify/testing';
import { decodeChoice, encodeChoice } from '../src/render';
import {
  ASKER,
  CHANNEL,
  SIGNING_SECRET,
  startSlackHarness,
  type SlackHarness,
} from '../testing/slack-harness';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

type Block = {
  type: string;
  block_id?: string;
  text?: { text: string };
  elements?: Array<{ action_id?: string; value?: string; text?: unknown }>;
};

const blocksOf = (call: SlackApiCall) => (call.args.blocks ?? []) as Block[];
const actionIds = (call: SlackApiCall) =>
  blocksOf(call)
    .flatMap((block) => (block.type === 'actions' ? (block.elements ?? []) : []))
    .map((element) => element.action_id);
const textOf = (call: SlackApiCall) =>
  blocksOf(call)
    .map((block) =>
      [
        block.text?.text ?? '',
        ...(block.elements ?? []).map((element) => elementText(element.text)),
      ].join('\n'),
    )
    .join('\n');

/** A context element's mrkdwn text, or a button's plain-text label. */
function elementText(text: unknown): string {
  if (typeof text === 'string') return text;
  const inner = (text as { text?: unknown } | undefined)?.text;
  return typeof inner === 'string' ? inner : '';
}

let kb: KnowledgeBase;
let slack: SlackHarness;

useSampleKnowledgeBase((opened) => (kb = opened));
afterEach(async () => {
  await slack.stop();
});

/** A mention that the sample documents read two ways, answered with a clarification. */
async function clarification(question = 'How do I reset my password?') {
  const { ts, status } = await slack.mention(question);
  expect(status).toBe(200);
  const clarify = await slack.waitForReply(ts);
  expect(actionIds(clarify)).toContain('clarify_option_1');
  return { ts, clarify };
}

describe('Slack: mention → working state → clarify → click → cited answer', () => {
  it('shows a working placeholder at once, then the options with citations in its place', async () => {
    slack = await startSlackHarness(kb);
    const { ts, clarify } = await clarification();
    const placeholder = slack.fake.callsTo('chat.postMessage')[0];
    expect(placeholder?.args).toMatchObject({
      channel: CHANNEL,
      thread_ts: ts,
      text: 'Looking through the documents…',
    });
    // The clarification replaces the placeholder (chat.update of the same ts).
    expect(clarify.args.ts).toBe(placeholder?.result.ts);
    expect(actionIds(clarify)).toEqual(
      expect.arrayContaining([
        'clarify_option_1',
        'clarify_option_2',
        'clarify_all',
        'clarify_none',
      ]),
    );
    expect(textOf(clarify)).toMatch(/\[1\]/);
    // Button values are opaque ids, never the interpretation's text.
    for (const block of blocksOf(clarify)) {
      for (const element of block.elements ?? [])
        if (element.value) expect(element.value).toMatch(/^[a-z0-9]+:[A-Za-z0-9-]+(:[a-z0-9]+)?$/);
    }
  });

  it('marks the chosen option and posts its cited answer with feedback buttons in the thread', async () => {
    slack = await startSlackHarness(kb);
    const { ts, clarify } = await clarification();
    const click = await slack.click(clarify, 'clarify_option_1');
    expect(click.status).toBe(200);
    const answer = await slack.waitForReply(ts, clarify.at);
    expect(actionIds(answer)).toEqual(['feedback_up', 'feedback_down']);
    expect(textOf(answer)).toMatch(/Sources/);
    const marked = await slack.fake.waitFor(
      (call) =>
        call.method === 'chat.update' && call.args.ts === clarify.args.ts && call.at > clarify.at,
    );
    expect(actionIds(marked)).toEqual([]);
    expect(textOf(marked)).toContain(`<@${ASKER}> chose`);

    // 👍 is recorded once per person and answer; a changed vote replaces it.
    for (const vote of ['feedback_up', 'feedback_up', 'feedback_down']) {
      await slack.click(answer, vote);
      await slack.app.idle();
    }
    expect(slack.fake.callsTo('chat.postEphemeral').map((call) => call.args.text)).toContain(
      FEEDBACK_THANKS,
    );
    const votes = await createPgFeedbackStore(slack.kb.database.db).list();
    expect(votes.filter((vote) => vote.messageId === answer.args.ts)).toMatchObject([
      { userId: ASKER, rating: 'down', channelId: CHANNEL },
    ]);
  });

  it('answers every reading for "Answer all"', async () => {
    slack = await startSlackHarness(kb);
    const { ts, clarify } = await clarification();
    await slack.click(clarify, 'clarify_all');
    const answer = await slack.waitForReply(ts, clarify.at);
    expect(textOf(answer)).toMatch(/\[2\]/);
  });

  it('asks for a rephrase on "None of these" and answers the next message in the thread', async () => {
    slack = await startSlackHarness(kb);
    const { ts, clarify } = await clarification();
    await slack.click(clarify, 'clarify_none');
    const prompt = await slack.waitForReply(ts, clarify.at);
    expect(textOf(prompt)).toMatch(/rephrase/i);
    await slack.reply('How many vacation days do Rotterdam employees get?', ts);
    const answer = await slack.waitForReply(ts, prompt.at);
    expect(textOf(answer)).toMatch(/26 vacation days/);
    expect(actionIds(answer)).toContain('feedback_up');
  });

  it('answers a follow-up from the thread without asking', async () => {
    slack = await startSlackHarness(kb);
    const parent = slack.fake.seedMessage(CHANNEL, {
      user: ASKER,
      text: 'I just transferred to the Rotterdam office from Boston.',
    });
    slack.fake.seedMessage(CHANNEL, {
      user: 'U0COLLEAGUE',
      text: 'Welcome to Rotterdam! Your leave now follows the Northwind Lattice B.V. policy.',
      threadTs: parent,
    });
    const { ts } = await slack.mention('How many vacation days do I get?', { threadTs: parent });
    const answer = await slack.waitForReply(parent);
    expect(actionIds(answer)).not.toContain('clarify_option_1');
    expect(textOf(answer)).toMatch(/26/);
    expect(slack.fake.callsTo('conversations.replies')[0]?.args).toMatchObject({
      channel: CHANNEL,
      ts: parent,
    });
    expect(ts).not.toBe(parent);
  });
});

describe('Slack: direct messages, who may choose, expiry, access', () => {
  it('answers a direct message in its thread', async () => {
    slack = await startSlackHarness(kb);
    const ts = slack.fake.seedMessage('D0DIRECT', {
      user: ASKER,
      text: 'How many vacation days do Rotterdam employees get?',
    });
    await sendSlackEvent(
      slack.appUrl,
      SIGNING_SECRET,
      messageEvent({
        channel: 'D0DIRECT',
        channelType: 'im',
        user: ASKER,
        text: 'How many vacation days do Rotterdam employees get?',
        ts,
      }),
      { teamId: slack.fake.teamId },
    );
    await slack.app.idle();
    const answer = slack.fake.callsTo('chat.update').at(-1);
    expect(answer?.args.channel).toBe('D0DIRECT');
    expect(textOf(answer!)).toMatch(/26 vacation days/);
    expect(slack.fake.callsTo('chat.postMessage')[0]?.args.thread_ts).toBe(ts);
  });

  it('answers a follow-up also sent to the channel, not an edit', async () => {
    slack = await startSlackHarness(kb);
    const { ts } = await slack.mention('What is the API rate limit on Lattice Cloud v2?');
    const first = await slack.waitForReply(ts);
    const text = 'How many vacation days do Rotterdam employees get?';
    /** A reply in the thread, as Slack sends it with `subtype`. */
    const reply = async (subtype: string) => {
      const replyTs = slack.fake.seedMessage(CHANNEL, { user: ASKER, text, threadTs: ts });
      const event = messageEvent({
        channel: CHANNEL,
        channelType: 'channel',
        user: ASKER,
        text,
        ts: replyTs,
        threadTs: ts,
      });
      await sendSlackEvent(
        slack.appUrl,
        SIGNING_SECRET,
        { ...event, subtype },
        { teamId: slack.fake.teamId },
      );
    };
    await reply('message_changed');
    await slack.app.idle();
    expect(slack.fake.callsTo('chat.postMessage')).toHaveLength(1);
    await reply('thread_broadcast');
    const answer = await slack.waitForReply(ts, first.at);
    expect(textOf(answer)).toMatch(/26 vacation days/);
  });

  it('lets only the asker choose when so configured', async () => {
    slack = await startSlackHarness(kb, { slack: { choiceBy: 'asker' } });
    const { ts, clarify } = await clarification();
    await slack.click(clarify, 'clarify_option_1', 'U0SOMEONEELSE');
    await slack.app.idle();
    expect(slack.fake.callsTo('chat.postEphemeral')[0]?.args).toMatchObject({
      user: 'U0SOMEONEELSE',
      text: expect.stringContaining(`Only <@${ASKER}> can choose`) as unknown,
    });
    // The asker still can.
    await slack.click(clarify, 'clarify_option_1', ASKER);
    const answer = await slack.waitForReply(ts, clarify.at);
    expect(actionIds(answer)).toContain('feedback_up');
  });

  it('answers a click on expired options with "expired, ask again"', async () => {
    slack = await startSlackHarness(kb);
    const { clarify } = await clarification();
    const value = blocksOf(clarify)
      .flatMap((block) => block.elements ?? [])
      .find((element) => element.action_id === 'clarify_option_1')?.value;
    const store = createPgClarificationStore(kb.database.db);
    const pending = await store.get(decodeChoice(value ?? '')?.clarificationId ?? '');
    const expired = { ...pending!, id: 'expired-1', expiresAt: new Date(Date.now() - 1000) };
    await store.save(expired);
    const late = {
      ...clarify,
      args: {
        ...clarify.args,
        blocks: [
          {
            type: 'actions',
            elements: [
              {
                action_id: 'clarify_option_1',
                value: encodeChoice({ clarificationId: 'expired-1', optionId: '1' }),
              },
            ],
          },
        ],
      },
    };
    await slack.click(late, 'clarify_option_1');
    await slack.app.idle();
    expect(slack.fake.callsTo('chat.postEphemeral').map((call) => call.args.text)).toEqual([
      EXPIRED_TEXT,
    ]);
    expect(slack.fake.callsTo('chat.postMessage')).toHaveLength(1); // only the first placeholder
  });

  it('reads only the sources mapped to the channel', async () => {
    slack = await startSlackHarness(kb, { slack: { channelSources: { [CHANNEL]: ['hr-only'] } } });
    const { ts } = await slack.mention('How many vacation days do Rotterdam employees get?');
    const reply = await slack.waitForReply(ts);
    expect(textOf(reply)).toMatch(/couldn't find this in the knowledge base/);
    expect(textOf(reply)).not.toMatch(/26 vacation days/);
  });
});
