import { randomUUID } from 'node:crypto';
import { isRecord } from '../is-record';
import { createSlackTimestampClock } from './slack-timestamp';

/** Default `ts` values for built events: now, strictly increasing. */
const clock = createSlackTimestampClock(Date.now() * 1000);

export type SlackMessageEvent = Record<string, unknown> & { type: string; ts: string };

type MessageFields = {
  channel: string;
  user: string;
  text: string;
  /** A fresh `ts` (now) by default. */
  ts?: string;
  /** The parent's `ts` when the message is a reply in a thread. */
  threadTs?: string;
};

/** An `app_mention` event whose text starts with `<@botUserId> `. */
export function mentionEvent(fields: MessageFields & { botUserId: string }): SlackMessageEvent {
  return messageFields('app_mention', { ...fields, text: `<@${fields.botUserId}> ${fields.text}` });
}

/** A `message` event in a DM (`im`) or a channel; `botId` and `subtype` make it a bot's. */
export function messageEvent(
  fields: MessageFields & { channelType: 'im' | 'channel'; botId?: string; subtype?: string },
): SlackMessageEvent {
  return {
    ...messageFields('message', fields),
    channel_type: fields.channelType,
    ...(fields.botId === undefined ? {} : { bot_id: fields.botId }),
    ...(fields.subtype === undefined ? {} : { subtype: fields.subtype }),
  };
}

function messageFields(type: string, fields: MessageFields): SlackMessageEvent {
  const ts = fields.ts ?? clock.next();
  return {
    type,
    user: fields.user,
    text: fields.text,
    ts,
    event_ts: ts,
    channel: fields.channel,
    client_msg_id: randomUUID(),
    ...(fields.threadTs === undefined ? {} : { thread_ts: fields.threadTs }),
  };
}

export type BlockActionFields = {
  user: string;
  channel: string;
  /** The `ts` of the message that holds the button. */
  messageTs: string;
  threadTs?: string;
  actionId: string;
  value: string;
  /** The message's blocks; the action's `block_id` is the one holding `actionId`. */
  blocks?: unknown[];
  text?: string;
  /** 'T0CLARIFY' by default. */
  teamId?: string;
  responseUrl?: string;
};

/** A `block_actions` payload for a button click on a message, shaped like Slack's. */
export function blockActionPayload(fields: BlockActionFields): Record<string, unknown> {
  const teamId = fields.teamId ?? 'T0CLARIFY';
  const blocks = fields.blocks ?? [];
  const threadTs = fields.threadTs === undefined ? {} : { thread_ts: fields.threadTs };
  return {
    type: 'block_actions',
    user: { id: fields.user, username: fields.user, name: fields.user, team_id: teamId },
    api_app_id: 'A0CLARIFY',
    token: 'fake-verification-token',
    container: {
      type: 'message',
      message_ts: fields.messageTs,
      channel_id: fields.channel,
      is_ephemeral: false,
      ...threadTs,
    },
    trigger_id: `trigger-${randomUUID()}`,
    team: { id: teamId, domain: 'clarify-test' },
    enterprise: null,
    is_enterprise_install: false,
    channel: { id: fields.channel, name: fields.channel },
    message: {
      type: 'message',
      ts: fields.messageTs,
      ...threadTs,
      text: fields.text ?? '',
      blocks,
    },
    state: { values: {} },
    response_url: fields.responseUrl ?? '',
    actions: [
      {
        action_id: fields.actionId,
        block_id: blockIdOf(blocks, fields.actionId) ?? 'actions',
        value: fields.value,
        type: 'button',
        action_ts: clock.next(),
      },
    ],
  };
}

/** The `block_id` of the block whose `elements` (or `accessory`) has `actionId`. */
function blockIdOf(blocks: unknown[], actionId: string): string | undefined {
  for (const block of blocks) {
    if (!isRecord(block) || typeof block['block_id'] !== 'string') continue;
    const elements: unknown[] = Array.isArray(block['elements']) ? block['elements'] : [];
    const candidates: unknown[] = [...elements, block['accessory']];
    if (candidates.some((element) => isRecord(element) && element['action_id'] === actionId)) {
      return block['block_id'];
    }
  }
  return undefined;
}
