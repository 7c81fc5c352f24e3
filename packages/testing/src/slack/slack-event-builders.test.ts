import { describe, expect, it } from 'vitest';
import { parseSlackTimestamp } from './slack-timestamp';
import { blockActionPayload, mentionEvent, messageEvent } from './slack-event-builders';

describe('Slack event builders', () => {
  it('builds an app_mention with the bot prefix and increasing default ts', () => {
    const first = mentionEvent({ channel: 'C1', user: 'U1', text: 'hi', botUserId: 'UBOT' });
    const second = mentionEvent({
      channel: 'C1',
      user: 'U1',
      text: 'again',
      botUserId: 'UBOT',
      threadTs: first.ts,
    });
    expect(first).toMatchObject({
      type: 'app_mention',
      channel: 'C1',
      user: 'U1',
      text: '<@UBOT> hi',
      event_ts: first.ts,
    });
    expect(first).not.toHaveProperty('thread_ts');
    expect(second['thread_ts']).toBe(first.ts);
    expect(parseSlackTimestamp(second.ts)).toBeGreaterThan(parseSlackTimestamp(first.ts));
    expect(parseSlackTimestamp(first.ts) / 1e6).toBeCloseTo(Date.now() / 1000, -2);
  });

  it('builds message events for DMs and for other bots', () => {
    expect(
      messageEvent({ channel: 'D1', user: 'U1', text: 'dm', ts: '1.000001', channelType: 'im' }),
    ).toMatchObject({
      type: 'message',
      channel_type: 'im',
      ts: '1.000001',
      text: 'dm',
    });
    const fromBot = messageEvent({
      channel: 'C1',
      user: 'UB',
      text: 'x',
      channelType: 'channel',
      botId: 'B1',
      subtype: 'bot_message',
    });
    expect(fromBot).toMatchObject({
      bot_id: 'B1',
      subtype: 'bot_message',
      channel_type: 'channel',
    });
  });

  it('builds a block_actions payload whose block_id is the block holding the action', () => {
    const blocks = [
      { type: 'section', block_id: 'answer', text: { type: 'mrkdwn', text: 'Which one?' } },
      {
        type: 'actions',
        block_id: 'options',
        elements: [{ type: 'button', action_id: 'pick', value: 'v' }],
      },
    ];
    const payload = blockActionPayload({
      user: 'U1',
      channel: 'C1',
      messageTs: '1700000000.000200',
      threadTs: '1700000000.000100',
      actionId: 'pick',
      value: 'opaque',
      blocks,
      responseUrl: 'http://127.0.0.1:1/respond/x',
    });
    expect(payload).toMatchObject({
      type: 'block_actions',
      user: { id: 'U1' },
      team: { id: 'T0CLARIFY' },
      channel: { id: 'C1' },
      container: {
        type: 'message',
        message_ts: '1700000000.000200',
        channel_id: 'C1',
        thread_ts: '1700000000.000100',
      },
      message: { ts: '1700000000.000200', thread_ts: '1700000000.000100', blocks },
      actions: [{ action_id: 'pick', block_id: 'options', value: 'opaque', type: 'button' }],
      response_url: 'http://127.0.0.1:1/respond/x',
    });
    expect(payload['trigger_id']).toEqual(expect.any(String));
  });
});
