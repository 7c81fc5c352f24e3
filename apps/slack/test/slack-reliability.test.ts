import { afterEach, describe, expect, it } from 'vitest';
import type { KnowledgeBase } from '@clarify/runtime';
import { LLM_UNAVAILABLE_NOTE } from '@clarify/core';
import { createOpenAiChatModel } from '@clarify/llm';
import {
  mentionEvent,
  sendRaw,
  signSlackRequest,
  startScriptedOpenAiServer,
} from '@clarify/testing';
import { createPgEventLog } from '@clarify/db';
import { EVENT_KEY_RETENTION_MS } from '../src/create-slack-app';
import { DATABASE_DOWN_TEXT, EMPTY_QUESTION_TEXT } from '@clarify/chat';
import {
  ASKER,
  CHANNEL,
  openSampleKnowledgeBase,
  SIGNING_SECRET,
  startSlackHarness,
  type SlackHarness,
} from '../testing/slack-harness';
import { useSampleKnowledgeBase } from './use-sample-knowledge-base';

let kb: KnowledgeBase;
let slack: SlackHarness | undefined;

useSampleKnowledgeBase((opened) => (kb = opened));
afterEach(async () => {
  await slack?.stop();
  slack = undefined;
});

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const chatCalls = (harness: SlackHarness) =>
  harness.fake.calls.filter((call) => call.method.startsWith('chat.'));

describe('SL-1: only correctly signed, fresh requests reach a handler', () => {
  it('refuses every tampered or stale request with 401, and handles the valid one', async () => {
    slack = await startSlackHarness(kb);
    const { fake, appUrl } = slack;
    const body = JSON.stringify({
      token: 'unused',
      team_id: fake.teamId,
      api_app_id: 'A1',
      type: 'event_callback',
      event_id: 'Ev-signed',
      event_time: 1,
      event: mentionEvent({
        channel: CHANNEL,
        user: ASKER,
        text: 'What is a PIP?',
        botUserId: fake.botUserId,
      }),
    });
    const now = Math.floor(Date.now() / 1000);
    const signed = (timestamp: number, payload = body) =>
      signSlackRequest({ signingSecret: SIGNING_SECRET, body: payload, timestamp });
    const valid = signed(now);
    const json = { 'content-type': 'application/json' };
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    const cases: Array<[string, { body: string; headers: Record<string, string> }]> = [
      ['stale by six minutes', { body, headers: { ...json, ...signed(now - 360) } }],
      ['six minutes in the future', { body, headers: { ...json, ...signed(now + 360) } }],
      ['one byte of the body changed', { body: flip(body, 40), headers: { ...json, ...valid } }],
      [
        'the timestamp changed',
        { body, headers: { ...json, ...valid, 'x-slack-request-timestamp': String(now - 1) } },
      ],
      [
        'one hex digit of the signature changed',
        {
          body,
          headers: { ...json, ...valid, 'x-slack-signature': flip(valid['x-slack-signature'], 10) },
        },
      ],
      ['no signature', { body, headers: { ...json, 'x-slack-request-timestamp': String(now) } }],
      [
        'no timestamp',
        { body, headers: { ...json, 'x-slack-signature': valid['x-slack-signature'] } },
      ],
      [
        'a v1= signature',
        {
          body,
          headers: {
            ...json,
            ...valid,
            'x-slack-signature': valid['x-slack-signature'].replace('v0=', 'v1='),
          },
        },
      ],
      [
        'a wrong secret',
        {
          body,
          headers: {
            ...json,
            ...signSlackRequest({ signingSecret: 'other', body, timestamp: now }),
          },
        },
      ],
    ];
    for (const [name, request] of cases) {
      const response = await sendRaw(appUrl, request);
      expect(response.status, name).toBe(401);
    }
    // An unsigned SSL check is answered, and whatever is smuggled in with it is dropped.
    const smuggled = `ssl_check=1&payload=${encodeURIComponent(body)}`;
    const sslCheck = await sendRaw(appUrl, {
      body: smuggled,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(sslCheck.status).toBe(200);
    await slack.app.idle();
    expect(chatCalls(slack)).toEqual([]);

    const accepted = await sendRaw(appUrl, { body, headers: { ...json, ...valid } });
    expect(accepted.status).toBe(200);
    await slack.app.idle();
    expect(chatCalls(slack).length).toBeGreaterThan(0);
  });
});

describe('SL-3: exactly one reply', () => {
  it('answers an event delivered four times once, and never itself', async () => {
    slack = await startSlackHarness(kb);
    slack.fake.delay('chat.update', 300);
    const first = await slack.mention('How many vacation days do Rotterdam employees get?', {
      eventId: 'Ev-1',
    });
    const { fake, appUrl } = slack;
    const event = mentionEvent({
      channel: CHANNEL,
      user: ASKER,
      text: 'How many vacation days do Rotterdam employees get?',
      ts: first.ts,
      botUserId: fake.botUserId,
    });
    const { sendSlackEvent } = await import('@clarify/testing');
    // Redeliveries, one of them while the first is still being answered (chat.update is slow).
    for (const retryNum of [1, 2, 3]) {
      const response = await sendSlackEvent(appUrl, SIGNING_SECRET, event, {
        eventId: 'Ev-1',
        teamId: fake.teamId,
        retryNum,
      });
      expect(response.status).toBe(200);
    }
    // The same message as a plain `message` event too (Slack sends both for a mention).
    await sendSlackEvent(
      appUrl,
      SIGNING_SECRET,
      { ...event, type: 'message', channel_type: 'channel' },
      { eventId: 'Ev-2', teamId: fake.teamId },
    );
    await slack.app.idle();
    expect(fake.callsTo('chat.postMessage')).toHaveLength(1);
    expect(fake.callsTo('chat.update')).toHaveLength(1);

    // The bot's own messages are not questions, even in a thread it answered in.
    await sendSlackEvent(
      appUrl,
      SIGNING_SECRET,
      {
        type: 'message',
        channel: CHANNEL,
        channel_type: 'channel',
        user: fake.botUserId,
        bot_id: fake.botId,
        text: 'an answer',
        ts: `${Number(first.ts) + 5}.000000`,
        thread_ts: first.ts,
      },
      { teamId: fake.teamId },
    );
    await slack.app.idle();
    expect(fake.callsTo('chat.postMessage')).toHaveLength(1);
  });

  it('forgets event keys older than a day when it starts', async () => {
    const events = createPgEventLog(kb.database.db);
    const key = { platform: 'slack', key: 'message:T0:C0:1600000000.000100' };
    await events.claim(key, new Date(Date.now() - 2 * EVENT_KEY_RETENTION_MS));
    await events.claim({ ...key, key: 'recent' });
    slack = await startSlackHarness(kb);
    expect(await events.claim(key)).toBe(true);
    expect(await events.claim({ ...key, key: 'recent' })).toBe(false);
  });

  it('answers a double click once', async () => {
    slack = await startSlackHarness(kb);
    const { ts } = await slack.mention('How do I reset my password?');
    const clarify = await slack.waitForReply(ts);
    await Promise.all([
      slack.click(clarify, 'clarify_option_1'),
      slack.click(clarify, 'clarify_option_2'),
    ]);
    await slack.app.idle();
    const answers = slack.fake.callsTo('chat.postMessage').filter((call) => call.at > clarify.at);
    expect(answers).toHaveLength(1);
    expect(slack.fake.callsTo('chat.postEphemeral').map((call) => call.args.text)).toEqual([
      'This question has already been answered above.',
    ]);
  });
});

describe('SL-4: rate limits', () => {
  it('waits out a 429 on one channel while another channel is answered', async () => {
    slack = await startSlackHarness(kb);
    const { fake } = slack;
    fake.rateLimitChannel(CHANNEL, { retryAfterSeconds: 1, times: 1 });
    const started = performance.now();
    const throttled = await slack.mention('How many vacation days do Rotterdam employees get?');
    const other = await (async () => {
      const ts = fake.seedMessage('C0OTHER', { user: ASKER, text: 'hi' });
      const { sendSlackEvent } = await import('@clarify/testing');
      await sendSlackEvent(
        slack.appUrl,
        SIGNING_SECRET,
        mentionEvent({
          channel: 'C0OTHER',
          user: ASKER,
          text: 'What is a PIP?',
          ts,
          botUserId: fake.botUserId,
        }),
        { teamId: fake.teamId },
      );
      return ts;
    })();
    const otherPost = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' &&
        call.args.channel === 'C0OTHER' &&
        call.status === 200,
    );
    const retried = await fake.waitFor(
      (call) =>
        call.method === 'chat.postMessage' && call.args.channel === CHANNEL && call.status === 200,
      5_000,
    );
    expect(
      fake.calls.find((call) => call.args.channel === CHANNEL && call.status === 429),
    ).toBeDefined();
    // The other channel was not held behind the throttled one; the throttled one waited ≥ 1 s.
    expect(otherPost.at).toBeLessThan(retried.at);
    expect(retried.at - started).toBeGreaterThanOrEqual(950);
    await slack.app.idle();
    expect(throttled.ts).not.toBe(other);
  });
});

describe('SL-2: acknowledged before the LLM answers', () => {
  it('acks mentions and clicks and shows the working state while a 20 s LLM is still thinking', async () => {
    const llm = await startScriptedOpenAiServer();
    llm.script({ delayMs: 20_000, times: 1_000 });
    const chatModel = createOpenAiChatModel({
      baseUrl: llm.url,
      apiKey: 'sk-test',
      model: 'slow',
      maxRetries: 0,
      timeoutMs: 60_000,
    });
    try {
      slack = await startSlackHarness(kb, { chatModel });
      const { fake } = slack;
      const mentions = await Promise.all(
        ['How do I reset my password?', 'What is a PIP?', 'How many vacation days do I get?'].map(
          (question) => slack!.mention(question),
        ),
      );
      for (const mention of mentions) expect(mention.status).toBe(200);
      // Every mention has its placeholder although no LLM call has been answered yet.
      await fake.waitFor(() => fake.callsTo('chat.postMessage').length === mentions.length);
      await until(() => llm.requests.length > 0);
      expect(fake.callsTo('chat.update')).toHaveLength(0);
      // A click is acknowledged at once too: this one's clarification id does not exist, so the
      // handler answers "expired" — after the 200.
      const click = await slack.click(
        {
          ...fake.callsTo('chat.postMessage')[0]!,
          args: {
            blocks: [
              {
                type: 'actions',
                elements: [
                  {
                    action_id: 'clarify_option_1',
                    value: 'c1:00000000-0000-0000-0000-000000000000:1',
                  },
                ],
              },
            ],
          },
        },
        'clarify_option_1',
      );
      expect(click.status).toBe(200);
      // When the LLM gives up (here: the server goes away), the offline answer replaces each
      // placeholder, with the note.
      await llm.close();
      await slack.app.idle();
      const updates = fake.callsTo('chat.update');
      expect(updates).toHaveLength(mentions.length);
      expect(
        updates.some((call) => JSON.stringify(call.args.blocks).includes(LLM_UNAVAILABLE_NOTE)),
      ).toBe(true);
    } finally {
      await llm.close();
    }
  }, 60_000);
});

describe('bad input gets a clear reply, never a crash', () => {
  it('answers an empty mention with a hint and an oversized one with the limit', async () => {
    slack = await startSlackHarness(kb);
    const empty = await slack.mention('   ');
    const huge = await slack.mention(`What is ${'a very long question '.repeat(600)}?`);
    await slack.app.idle();
    const texts = slack.fake.calls
      .filter((call) => call.method.startsWith('chat.'))
      .map((call) => ({
        thread: call.args.thread_ts ?? call.args.ts,
        text: String(call.args.text),
      }));
    expect(texts).toContainEqual({ thread: empty.ts, text: EMPTY_QUESTION_TEXT });
    expect(texts.map((entry) => entry.text)).toContainEqual(
      expect.stringMatching(
        /^Sorry, I can't take that: questions are limited to 4000 characters\.$/,
      ),
    );
    expect(huge.status).toBe(200);
  });

  it('refuses a signed but malformed body, and ignores a click without a message', async () => {
    slack = await startSlackHarness(kb);
    const body = '{"type": "event_callback", "event": ';
    const malformed = await sendRaw(slack.appUrl, {
      body,
      headers: {
        'content-type': 'application/json',
        ...signSlackRequest({ signingSecret: SIGNING_SECRET, body }),
      },
    });
    expect(malformed.status).toBe(400);
    const { sendSlackAction } = await import('@clarify/testing');
    const click = await sendSlackAction(slack.appUrl, SIGNING_SECRET, {
      type: 'block_actions',
      user: { id: ASKER },
      team: { id: slack.fake.teamId },
      actions: [
        {
          action_id: 'clarify_option_1',
          block_id: 'b',
          type: 'button',
          value: 'c1:nope:1',
          action_ts: '1',
        },
      ],
    });
    expect(click.status).toBe(200);
    await slack.app.idle();
    expect(chatCalls(slack)).toEqual([]);
    // The app still answers afterwards.
    const { ts } = await slack.mention('What is a PIP?');
    await slack.waitForReply(ts);
  });
});

describe('failures are visible', () => {
  it('answers from the offline engine with a note when the LLM is down', async () => {
    const llm = await startScriptedOpenAiServer();
    await llm.close();
    const chatModel = createOpenAiChatModel({
      baseUrl: llm.url,
      apiKey: 'sk-test',
      model: 'gone',
      maxRetries: 0,
      timeoutMs: 2_000,
    });
    slack = await startSlackHarness(kb, { chatModel });
    const { ts } = await slack.mention('How many vacation days do Rotterdam employees get?');
    const answer = await slack.waitForReply(ts);
    expect(JSON.stringify(answer.args.blocks)).toContain(LLM_UNAVAILABLE_NOTE);
    const placeholder = slack.fake.callsTo('chat.postMessage')[0]!;
    expect(answer.at - placeholder.at).toBeLessThan(3_000);
  });

  it('tells the user the knowledge base is unreachable when the database is down', async () => {
    const { kb: doomed, remove } = await openSampleKnowledgeBase();
    try {
      slack = await startSlackHarness(doomed);
      const asked = await slack.mention('How do I reset my password?');
      const clarify = await slack.waitForReply(asked.ts);
      await doomed.database.close();
      const { ts } = await slack.mention('How many vacation days do Rotterdam employees get?');
      const reason = await slack.fake.waitFor(
        (call) =>
          call.method.startsWith('chat.') && String(call.args.text).includes(DATABASE_DOWN_TEXT),
        3_000,
      );
      expect(reason.args).toMatchObject({ channel: CHANNEL, thread_ts: ts });
      // A click while the database is down gets the reason too, not silence.
      await slack.click(clarify, 'clarify_option_1');
      const clickReason = await slack.fake.waitFor(
        (call) => call.method === 'chat.postEphemeral' && call.args.text === DATABASE_DOWN_TEXT,
        3_000,
      );
      expect(clickReason.args).toMatchObject({ channel: CHANNEL, user: ASKER });
    } finally {
      await remove();
    }
  }, 120_000);
});
