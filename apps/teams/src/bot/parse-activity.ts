import type { Conversation } from '@clarify/chat';
import type { Activity } from 'botbuilder';
import { teamsText } from './teams-text';

/** Where an activity happened, as the conversation layer names it. */
export function conversationOf(activity: Partial<Activity>): Conversation {
  const data = (activity.channelData ?? {}) as {
    tenant?: { id?: string };
    channel?: { id?: string };
    team?: { id?: string };
  };
  const fullId = activity.conversation?.id ?? 'unknown';
  const type = activity.conversation?.conversationType;
  const [chat = fullId, root] = fullId.split(';messageid=');
  const isChannel = type === 'channel';
  const threadId = isChannel ? (root ?? activity.replyToId ?? activity.id ?? chat) : chat;
  const accessKeys = [data.channel?.id, data.team?.id, chat].filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  return {
    workspaceId: data.tenant?.id ?? activity.conversation?.tenantId ?? 'unknown',
    channelId: chat,
    threadId,
    isDirect: type === 'personal',
    accessKeys: [...new Set(accessKeys)],
  };
}

/** The team a channel activity happened in: its Teams id, and its group id when Teams says. */
export function teamOf(
  activity: Partial<Activity>,
): { id: string; aadGroupId: string | undefined } | undefined {
  if (activity.conversation?.conversationType !== 'channel') return undefined;
  const team = (
    activity.channelData as { team?: { id?: unknown; aadGroupId?: unknown } } | undefined
  )?.team;
  if (typeof team?.id !== 'string' || team.id === '') return undefined;
  return {
    id: team.id,
    aadGroupId:
      typeof team.aadGroupId === 'string' && team.aadGroupId !== '' ? team.aadGroupId : undefined,
  };
}

/** The user as the admin list and "only the asker" know them: the AAD object id. */
export function userOf(activity: Partial<Activity>): string {
  return activity.from?.aadObjectId ?? activity.from?.id ?? 'unknown';
}

/**
 * A message's text as a question: the bot's mention removed, other mentions as "@Name", HTML
 * a Teams client may send reduced to its text, entities decoded.
 */
export function questionText(activity: Partial<Activity>): string {
  const botId = activity.recipient?.id;
  let text = activity.text ?? '';
  for (const entity of activity.entities ?? []) {
    const mention = entity as { type?: string; mentioned?: { id?: string }; text?: string };
    if (mention.type === 'mention' && mention.mentioned?.id === botId && mention.text) {
      text = text.split(mention.text).join(' ');
    }
  }
  return teamsText(text);
}

const ADMIN_VERBS = new Set(['reindex', 'status', 'sources']);

/** "reindex [source]", "status", "sources": an admin command rather than a question. */
export function isAdminCommand(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean);
  return words.length > 0 && words.length <= 2 && ADMIN_VERBS.has(words[0]?.toLowerCase() ?? '');
}

/** A button's data: what the card's Action.Submit carried, or null for anything else. */
export function submitOf(
  activity: Partial<Activity>,
):
  | { clarify: 'choose'; value: string }
  | { clarify: 'feedback'; value: string; rating: 'up' | 'down' }
  | null {
  const value = activity.value as Record<string, unknown> | undefined;
  if (value === null || typeof value !== 'object') return null;
  if (typeof value.value !== 'string') return null;
  if (value.clarify === 'choose') return { clarify: 'choose', value: value.value };
  if (value.clarify === 'feedback' && (value.rating === 'up' || value.rating === 'down')) {
    return { clarify: 'feedback', value: value.value, rating: value.rating };
  }
  return null;
}
