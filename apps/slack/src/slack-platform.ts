import type { ChatPlatform, Conversation } from '@clarify/chat';
import { isWorkingText } from '@clarify/chat';
import type { SlackMessage } from './render';
import { threadHistory, type BotIdentity } from './events/thread-history';
import type { SlackWeb } from './web/slack-web';

export const PLATFORM = 'slack';
const THREAD_READ_LIMIT = 50;

/** A Slack thread as the conversation layer names it. */
export function slackConversation(input: {
  teamId: string;
  channel: string;
  threadTs: string;
  isDirect: boolean;
}): Conversation {
  return {
    workspaceId: input.teamId,
    channelId: input.channel,
    threadId: input.threadTs,
    isDirect: input.isDirect,
  };
}

/** Slack through its Web API: messages in the thread, ephemeral notices, the thread read back. */
export function createSlackPlatform(web: SlackWeb, bot: BotIdentity): ChatPlatform<SlackMessage> {
  return {
    name: PLATFORM,
    post: (conversation, message) =>
      web.post({ channel: conversation.channelId, threadTs: conversation.threadId, ...message }),
    update: (conversation, messageId, message) =>
      web.update({ channel: conversation.channelId, ts: messageId, ...message }),
    tell: (conversation, userId, text) =>
      web.postEphemeral({
        channel: conversation.channelId,
        user: userId,
        threadTs: conversation.threadId,
        text,
      }),
    async threadHistory(conversation, beforeMessageId) {
      const messages = await web.threadMessages({
        channel: conversation.channelId,
        threadTs: conversation.threadId,
        limit: THREAD_READ_LIMIT,
      });
      return threadHistory(messages, {
        beforeTs: beforeMessageId,
        bot,
        isPlaceholder: isWorkingText,
      });
    },
    isPlatformAdmin: (userId) => web.isWorkspaceAdmin(userId),
  };
}
