import type {
  Assistant,
  AuditLog,
  ClarificationStore,
  ConversationStore,
  EventLog,
  FeedbackStore,
  RetrievalScope,
  ThreadKey,
} from '@clarify/core';
import type { SlackConfig } from '@clarify/config';
import type { KnowledgeBase } from '@clarify/runtime';
import { escapeMrkdwn } from './render';
import { contextBlock, sectionBlock, type SlackMessage } from './render/block-kit';
import type { BotIdentity } from './events/thread-history';
import type { Logger } from './logging/logger';
import type { SlackWeb } from './web/slack-web';

/** Everything the handlers use; built once per app by `createSlackApp`. */
export type SlackContext = {
  assistant: Assistant;
  web: SlackWeb;
  bot: BotIdentity;
  events: EventLog;
  feedback: FeedbackStore;
  audit: AuditLog;
  conversations: ConversationStore;
  clarifications: ClarificationStore;
  kb: KnowledgeBase;
  config: Pick<SlackConfig, 'adminUserIds' | 'channelSources' | 'defaultSources' | 'choiceBy'>;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  /**
   * Runs the answering of one question or choice, at most `SLACK_CONCURRENCY` at once: a burst
   * of mentions gets every "working…" placeholder first, then the answers in turn.
   */
  answering: <T>(work: () => Promise<T>) => Promise<T>;
};

export const PLATFORM = 'slack';

export const WORKING_TEXT = 'Looking through the documents…';

/** The placeholder posted at once and replaced by the reply (SL-2's visible working state). */
export function workingMessage(text = WORKING_TEXT): SlackMessage {
  return { text, blocks: [contextBlock(`:hourglass_flowing_sand: ${text}`)] };
}

/** A short message of the app's own (a hint, a reason), escaped, with an optional emoji. */
export function noticeMessage(text: string, emoji?: string): SlackMessage {
  const shown = escapeMrkdwn(text);
  return { text, blocks: [sectionBlock(emoji ? `${emoji} ${shown}` : shown)] };
}

export function isWorkingText(text: string): boolean {
  return text === WORKING_TEXT || text.startsWith('Answering “');
}

export function threadKey(teamId: string, channel: string, threadTs: string): ThreadKey {
  return { platform: PLATFORM, workspaceId: teamId, channelId: channel, threadId: threadTs };
}

/** Which sources a conversation may read (RG-1): the channel's mapping, else the default. */
export function scopeFor(
  config: SlackContext['config'],
  channel: string,
  isDirect: boolean,
): RetrievalScope | undefined {
  const sourceIds = isDirect
    ? config.defaultSources
    : (config.channelSources[channel] ?? config.defaultSources);
  return sourceIds === undefined ? undefined : { sourceIds };
}
