import type { ChatPlatform, Conversation } from '@clarify/chat';
import type { ConversationReference } from 'botbuilder';
import type { TeamsMessage } from './render/adaptive-card';
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

/**
 * Teams through the Bot Connector. Replies go to the reply chain (channels) or the chat, after
 * the turn that asked (the bot answers proactively, so the request is acknowledged at once):
 * each incoming activity's conversation reference is remembered by conversation. Thread
 * history is the stored turns (reading a channel needs Graph permissions).
 */
export function createTeamsPlatform(connector: TeamsConnector): ChatPlatform<TeamsMessage> & {
  remember(conversation: Conversation, reference: Partial<ConversationReference>): void;
} {
  const references = new Map<string, Partial<ConversationReference>>();
  const referenceOf = (conversation: Conversation) => {
    const reference = references.get(key(conversation));
    if (reference === undefined) {
      throw new Error('no conversation reference: the conversation was not seen by this process');
    }
    return reference;
  };
  return {
    name: PLATFORM,
    remember(conversation, reference) {
      const id = key(conversation);
      references.delete(id);
      references.set(id, reference);
      if (references.size > MAX_REFERENCES) {
        const oldest = references.keys().next().value;
        if (oldest !== undefined) references.delete(oldest);
      }
    },
    post: (conversation, message) => connector.send(referenceOf(conversation), message),
    update: (conversation, activityId, message) =>
      connector.update(referenceOf(conversation), activityId, message),
    async tell(conversation, _userId, text) {
      await connector.send(referenceOf(conversation), plainMessage(text));
    },
    threadHistory: () => Promise.resolve(undefined),
    isPlatformAdmin: () => Promise.resolve(false),
    async typing(conversation) {
      await connector.send(referenceOf(conversation), { type: 'typing' });
    },
  };
}
