import type { MessageStore } from './create-message-store';

export type FakeSlackUser = { isAdmin?: boolean; isOwner?: boolean };

export type FakeSlackWorkspace = {
  botUserId: string;
  botId: string;
  teamId: string;
  users: Record<string, FakeSlackUser>;
  store: MessageStore;
  socketModeUrl?: string | undefined;
};

type Args = Record<string, unknown>;
type Result = Record<string, unknown>;
type Handler = (args: Args, workspace: FakeSlackWorkspace) => Result;

/** The Web API's answer to a call, applied to the workspace's message store. */
export function answerSlackMethod(
  method: string,
  args: Args,
  workspace: FakeSlackWorkspace,
): Result {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined;
  return handler === undefined ? failure('unknown_method') : handler(args, workspace);
}

const handlers: Record<string, Handler> = {
  'apps.connections.open': (_args, { socketModeUrl }) =>
    socketModeUrl === undefined ? failure('invalid_auth') : { ok: true, url: socketModeUrl },
  'auth.test': (_args, { botUserId, botId, teamId }) => ({
    ok: true,
    url: 'https://clarify-test.slack.com/',
    team: 'Clarify Test',
    user: 'clarify',
    team_id: teamId,
    user_id: botUserId,
    bot_id: botId,
    is_enterprise_install: false,
  }),
  'chat.postMessage': (args, { store, botUserId, botId }) => {
    const channel = text(args, 'channel');
    if (channel === undefined) return failure('channel_not_found');
    if (text(args, 'text') === undefined && args['blocks'] === undefined) return failure('no_text');
    const threadTs = text(args, 'thread_ts');
    const message = store.post(channel, {
      user: botUserId,
      botId,
      ...(threadTs === undefined ? {} : { threadTs }),
      ...pick(args),
    });
    return { ok: true, channel, ts: message.ts, message };
  },
  'chat.update': (args, { store, botUserId }) => {
    const found = ownMessage(args, store, botUserId, 'cant_update_message');
    if ('error' in found) return found;
    const message = store.update(found.channel, found.ts, pick(args));
    return { ok: true, channel: found.channel, ts: found.ts, text: message?.text, message };
  },
  'chat.delete': (args, { store, botUserId }) => {
    const found = ownMessage(args, store, botUserId, 'cant_delete_message');
    if ('error' in found) return found;
    store.remove(found.channel, found.ts);
    return { ok: true, channel: found.channel, ts: found.ts };
  },
  'chat.postEphemeral': (args, { store }) => {
    if (text(args, 'channel') === undefined) return failure('channel_not_found');
    if (text(args, 'user') === undefined) return failure('user_not_in_channel');
    return { ok: true, message_ts: store.nextTs() };
  },
  'conversations.replies': (args, { store }) => {
    const channel = text(args, 'channel');
    const ts = text(args, 'ts');
    if (channel === undefined) return failure('channel_not_found');
    if (ts === undefined) return failure('thread_not_found');
    const limit = Number(args['limit'] ?? 1000);
    const cursor = text(args, 'cursor');
    const page = store.replies(channel, ts, {
      limit: Number.isFinite(limit) ? limit : 1000,
      ...(cursor === undefined ? {} : { cursor }),
    });
    if (!page.ok) return failure(page.error);
    const hasMore = page.nextCursor !== '';
    return {
      ok: true,
      messages: page.messages,
      has_more: hasMore,
      response_metadata: { next_cursor: page.nextCursor },
    };
  },
  'users.info': (args, { users, teamId }) => {
    const id = text(args, 'user');
    const user = id === undefined || !Object.hasOwn(users, id) ? undefined : users[id];
    if (id === undefined || user === undefined) return failure('user_not_found');
    const profile = { is_admin: user.isAdmin ?? false, is_owner: user.isOwner ?? false };
    return { ok: true, user: { id, team_id: teamId, name: id, deleted: false, ...profile } };
  },
  'reactions.add': () => ({ ok: true }),
  'assistant.threads.setStatus': () => ({ ok: true }),
};

function failure(error: string): Result {
  return { ok: false, error };
}

/** A non-empty string argument. */
function text(args: Args, key: string): string | undefined {
  const value = args[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The `text` and `blocks` a call sets. */
function pick(args: Args): { text?: string; blocks?: unknown } {
  const value = args['text'];
  return {
    ...(typeof value === 'string' ? { text: value } : {}),
    ...(args['blocks'] === undefined ? {} : { blocks: args['blocks'] }),
  };
}

/** The call's `channel` and `ts`, when they name a message the bot posted. */
function ownMessage(
  args: Args,
  store: MessageStore,
  botUserId: string,
  notOwnError: string,
): { channel: string; ts: string } | { ok: false; error: string } {
  const channel = text(args, 'channel');
  const ts = text(args, 'ts');
  if (channel === undefined) return { ok: false, error: 'channel_not_found' };
  const message = ts === undefined ? undefined : store.find(channel, ts);
  if (ts === undefined || message === undefined) return { ok: false, error: 'message_not_found' };
  if (message.user !== botUserId) return { ok: false, error: notOwnError };
  return { channel, ts };
}
