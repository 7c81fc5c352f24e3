import type { ChatPlatform, Conversation } from '@clarify/chat';
import type { ConversationReference } from 'botbuilder';
import type { TeamsMessage } from './render/adaptive-card';
import type { ThreadReader } from './graph/graph-thread-reader';
import { plainMessage } from './render/teams-renderer';

export const PLATFORM = 'teams';
/** References kept for replies after the turn; the oldest are forgotten past this many. */
const MAX_REFERENCES = 10_000;

/** What the platform needs of the Bot Connector: proactive sends and updates. */
export type TeamsConnector = {
  send(
    reference: Partial<ConversationReference>,
    message: TeamsMessage | { type: 'typing' },
  ): Promise<string>;
  update(
    reference: Partial<ConversationReference>,
    activityId: string,
    message: TeamsMessage,
  ): Promise<void>;
};

function key(conversation: Conversation): string {
  return `${conversation.channelId}\u0000${conversation.threadId}`;
}

/** What is remembered of a conversation: where to reply, and its team's group for Graph. */
type Seen = {
  reference: Partial<ConversationReference>;
  teamGroupId?: Promise<string | undefined>;
};

/**
 * Teams through the Bot Connector. Replies go to the reply chain (channels) or the chat, after
 * the turn that asked (the bot answers proactively, so the request is acknowledged at once):
 * each incoming activity's conversation reference is remembered by conversation. A channel
 * reply chain's history is read through Graph when a reader is given (and the team consented);
 * otherwise, and in chats, the layer uses the stored turns.
 */
export function createTeamsPlatform(
  connector: TeamsConnector,
  readThread?: ThreadReader,
): ChatPlatform<TeamsMessage> & {
  remember(
    conversation: Conversation,
    reference: Partial<ConversationReference>,
    teamGroupId?: Promise<string | undefined>,
  ): void;
} {
  const seen = new Map<string, Seen>();
  const referenceOf = (conversation: Conversation) => {
    const reference = seen.get(key(conversation))?.reference;
    if (reference === undefined) {
      throw new Error('no conversation reference: the conversation was not seen by this process');
    }
    return reference;
  };
  return {
    name: PLATFORM,
    remember(conversation, reference, teamGroupId) {
      const id = key(conversation);
      seen.delete(id);
      seen.set(id, { reference, ...(teamGroupId && { teamGroupId }) });
      if (seen.size > MAX_REFERENCES) {
        const oldest = seen.keys().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
    },
    post: (conversation, message) => connector.send(referenceOf(conversation), message),
    update: (conversation, activityId, message) =>
      connector.update(referenceOf(conversation), activityId, message),
    async tell(conversation, _userId, text) {
      await connector.send(referenceOf(conversation), plainMessage(text));
    },
    async threadHistory(conversation, beforeMessageId) {
      const group = seen.get(key(conversation))?.teamGroupId;
      if (readThread === undefined || conversation.isDirect || group === undefined)
        return undefined;
      const teamGroupId = await group;
      if (teamGroupId === undefined) return undefined;
      return readThread(
        {
          tenantId: conversation.workspaceId,
          teamGroupId,
          channelId: conversation.channelId,
          rootId: conversation.threadId,
        },
        beforeMessageId,
      );
    },
    isPlatformAdmin: () => Promise.resolve(false),
    async typing(conversation) {
      await connector.send(referenceOf(conversation), { type: 'typing' });
    },
  };
}
