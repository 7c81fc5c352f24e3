import type { HistoryTurn } from '@clarify/core';
import type { ChosenView, ReplyView } from './view/reply-view';

/**
 * Where a conversation happens on a platform: a thread (Slack) or reply chain (Teams) of a
 * channel, group chat or personal chat, in one workspace (Slack team, Teams tenant).
 */
export type Conversation = {
  workspaceId: string;
  /** The channel or chat: Slack's channel id, Teams' conversation id without its message part. */
  channelId: string;
  /** The thread's root message: Slack's thread ts, the Teams reply chain's root activity id. */
  threadId: string;
  /** A direct (personal) conversation with the bot. */
  isDirect: boolean;
  /**
   * The keys the channel → sources mapping is looked up by, most specific first (Slack: the
   * channel id; Teams: the channel id, then the team id). `[channelId]` when absent.
   */
  accessKeys?: readonly string[];
};

/** What an adapter needs of its chat platform, in the layer's terms (no SDK type crosses). */
export interface ChatPlatform<M> {
  /** "slack", "teams": stored with every event key, turn, vote and audit entry. */
  readonly name: string;
  /** Posts a message in the conversation's thread; resolves to the platform's message id. */
  post(conversation: Conversation, message: M): Promise<string>;
  /** Replaces a message the bot posted (the working placeholder, a clarification). */
  update(conversation: Conversation, messageId: string, message: M): Promise<void>;
  /** A short text for one user (Slack: ephemeral; Teams: a reply addressed to them). */
  tell(conversation: Conversation, userId: string, text: string): Promise<void>;
  /**
   * The thread before `beforeMessageId` as core reads it (the bot's own messages as the
   * assistant, its placeholders left out); undefined when the platform cannot say, and the
   * stored turns are used.
   */
  threadHistory(
    conversation: Conversation,
    beforeMessageId: string,
  ): Promise<HistoryTurn[] | undefined>;
  /** Whether the platform itself makes this user an admin (a workspace owner, say). */
  isPlatformAdmin(userId: string): Promise<boolean>;
  /** Shows that the bot is working (Teams' typing indicator); optional. */
  typing?(conversation: Conversation): Promise<void>;
}

/** Turns the layer's views into the platform's messages. */
export interface ReplyRenderer<M> {
  /** The placeholder shown at once, replaced by the reply. */
  working(text: string): M;
  /** A short message of the app's own (a hint, a reason). */
  notice(text: string, tone: 'info' | 'warning'): M;
  /** A reply as messages: the first replaces the placeholder, the others follow it. */
  reply(view: ReplyView): M[];
  /**
   * The clarification message once an option is chosen (its buttons gone, the choice shown),
   * from what the click carried of it; null leaves the message as it is.
   */
  chosen(clicked: ClickedMessage, chosen: ChosenView): M | null;
  /** How a user is named in a text (Slack: `<@U1>`). */
  mention(userId: string): string;
  /** Bold and code in the platform's markup, for the admin commands' texts. */
  bold(text: string): string;
  code(text: string): string;
}

/** The message a button was clicked in: its id, and what the platform sent of it. */
export type ClickedMessage = {
  messageId: string;
  /** The message's content as the platform sent it with the click (Slack: its blocks). */
  content?: unknown;
};
