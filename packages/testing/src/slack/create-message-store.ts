import { createSlackTimestampClock, parseSlackTimestamp } from './slack-timestamp';

/** A message as `conversations.replies` returns it. */
export type StoredSlackMessage = {
  type: 'message';
  ts: string;
  user: string;
  text: string;
  thread_ts?: string;
  blocks?: unknown;
  bot_id?: string;
  reply_count?: number;
};

export type NewSlackMessage = {
  user: string;
  text?: string;
  blocks?: unknown;
  /** The parent's `ts` for a reply in a thread. */
  threadTs?: string;
  botId?: string;
  /** A chosen `ts`; the next one from the store's clock when absent. */
  ts?: string;
};

export type RepliesPage =
  | { ok: true; messages: StoredSlackMessage[]; nextCursor: string }
  | { ok: false; error: 'thread_not_found' | 'invalid_cursor' };

export type MessageStore = ReturnType<typeof createMessageStore>;

/** Channels' messages in `ts` order, with strictly increasing generated `ts` values. */
export function createMessageStore() {
  const channels = new Map<string, StoredSlackMessage[]>();
  // Like Slack's, a message's ts is the time it was posted: two fakes never reuse one.
  const clock = createSlackTimestampClock(Date.now() * 1000);

  function channelMessages(channel: string): StoredSlackMessage[] {
    let messages = channels.get(channel);
    if (messages === undefined) {
      messages = [];
      channels.set(channel, messages);
    }
    return messages;
  }

  function find(channel: string, ts: string): StoredSlackMessage | undefined {
    return channels.get(channel)?.find((message) => message.ts === ts);
  }

  function post(channel: string, input: NewSlackMessage): StoredSlackMessage {
    if (input.ts !== undefined) clock.observe(input.ts);
    const message: StoredSlackMessage = {
      type: 'message',
      ts: input.ts ?? clock.next(),
      user: input.user,
      text: input.text ?? '',
      ...(input.threadTs === undefined ? {} : { thread_ts: input.threadTs }),
      ...(input.blocks === undefined ? {} : { blocks: input.blocks }),
      ...(input.botId === undefined ? {} : { bot_id: input.botId }),
    };
    const messages = channelMessages(channel);
    const after = messages.findIndex((other) => compareTs(other.ts, message.ts) > 0);
    messages.splice(after === -1 ? messages.length : after, 0, message);
    return structuredClone(message);
  }

  function update(
    channel: string,
    ts: string,
    change: { text?: string; blocks?: unknown },
  ): StoredSlackMessage | undefined {
    const message = find(channel, ts);
    if (message === undefined) return undefined;
    if (change.text !== undefined) message.text = change.text;
    if (change.blocks !== undefined) message.blocks = change.blocks;
    return structuredClone(message);
  }

  function remove(channel: string, ts: string): boolean {
    const messages = channels.get(channel) ?? [];
    const index = messages.findIndex((message) => message.ts === ts);
    if (index !== -1) messages.splice(index, 1);
    return index !== -1;
  }

  /** The thread of `ts` (a parent or one of its replies), parent first, a page at a time. */
  function replies(
    channel: string,
    ts: string,
    page: { limit: number; cursor?: string },
  ): RepliesPage {
    const root = find(channel, ts)?.thread_ts ?? ts;
    const thread = (channels.get(channel) ?? [])
      .filter((message) => message.ts === root || message.thread_ts === root)
      .map((message) => withThreadFields(message, root, channels.get(channel) ?? []));
    if (thread.length === 0) return { ok: false, error: 'thread_not_found' };
    const start = page.cursor === undefined || page.cursor === '' ? 0 : decodeCursor(page.cursor);
    if (start === undefined) return { ok: false, error: 'invalid_cursor' };
    const end = start + Math.max(1, page.limit);
    return {
      ok: true,
      messages: thread.slice(start, end),
      nextCursor: end < thread.length ? encodeCursor(end) : '',
    };
  }

  return {
    post,
    update,
    remove,
    replies,
    find: (channel: string, ts: string) => structuredClone(find(channel, ts)),
    /** A fresh `ts` that stores nothing, e.g. for an ephemeral message. */
    nextTs: () => clock.next(),
    /** A copy of a channel's messages, threads included, in `ts` order. */
    messages: (channel: string) => structuredClone(channels.get(channel) ?? []),
  };
}

/** A parent with replies carries `thread_ts` (its own `ts`) and `reply_count`, as in Slack. */
function withThreadFields(
  message: StoredSlackMessage,
  root: string,
  all: readonly StoredSlackMessage[],
): StoredSlackMessage {
  if (message.ts !== root) return structuredClone(message);
  const replyCount = all.filter((other) => other.thread_ts === root && other.ts !== root).length;
  if (replyCount === 0) return structuredClone(message);
  return { ...structuredClone(message), thread_ts: root, reply_count: replyCount };
}

function compareTs(left: string, right: string): number {
  return parseSlackTimestamp(left) - parseSlackTimestamp(right);
}

function encodeCursor(offset: number): string {
  return Buffer.from(`offset:${offset}`).toString('base64');
}

function decodeCursor(cursor: string): number | undefined {
  const match = /^offset:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match === null ? undefined : Number(match[1]);
}
