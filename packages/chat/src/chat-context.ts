import type {
  Assistant,
  AuditLog,
  ConversationStore,
  EventLog,
  FeedbackStore,
  QuestionLog,
  RetrievalScope,
  ThreadKey,
} from '@clarify/core';
import type { ChatConfig } from '@clarify/config';
import type { ChatPlatform, Conversation, ReplyRenderer } from './chat-platform';
import type { IndexAdmin } from './admin/index-admin';
import type { Gate } from './conversation/gate';
import type { WorkQueue } from './conversation/work-queue';

/** The structured logger the layer writes to (pino's interface, as far as it is used). */
export type Logger = {
  child(bindings: Record<string, unknown>): Logger;
  debug(object: object | string, message?: string): void;
  info(object: object | string, message?: string): void;
  warn(object: object | string, message?: string): void;
  error(object: object | string, message?: string): void;
};

/** Core's part of a conversation: questions and choices. */
export type ChatAssistant = Pick<Assistant, 'ask' | 'chooseOption'>;

/** The stores the layer keeps its state in (Postgres in production). */
export type ChatStores = {
  events: EventLog;
  feedback: FeedbackStore;
  audit: AuditLog;
  conversations: ConversationStore;
  /** Every question asked and what became of it, for analytics. */
  questions: QuestionLog;
};

/** Everything the conversation flows use; one per running app. */
export type ChatContext<M> = {
  platform: ChatPlatform<M>;
  renderer: ReplyRenderer<M>;
  assistant: ChatAssistant;
  stores: ChatStores;
  admin: IndexAdmin;
  config: ChatConfig;
  logger: Logger;
  clock: () => Date;
  newId: () => string;
  queue: WorkQueue;
  /** Requests being acknowledged: every piece of work waits for them (the platforms' deadline). */
  receiving: Gate;
  /** Working states on their way: answers wait for them. */
  placing: Gate;
};

export const WORKING_TEXT = 'Looking through the documents…';

/** The working texts the layer posts: "Looking through…", "Answering “…”…". */
export function isWorkingText(text: string): boolean {
  return text.startsWith(WORKING_TEXT) || text.startsWith('Answering “');
}

/** Core's name for a conversation's thread. */
export function threadKey(platform: string, conversation: Conversation): ThreadKey {
  return {
    platform,
    workspaceId: conversation.workspaceId,
    channelId: conversation.channelId,
    threadId: conversation.threadId,
  };
}

/**
 * Which sources a conversation may read (RG-1): the first of its access keys the mapping
 * names, else the default; direct conversations read the default.
 */
export function scopeFor(
  config: ChatConfig,
  conversation: Conversation,
): RetrievalScope | undefined {
  const keys = conversation.accessKeys ?? [conversation.channelId];
  const mapped = conversation.isDirect
    ? undefined
    : keys.map((key) => config.channelSources[key]).find((sources) => sources !== undefined);
  const sourceIds = mapped ?? config.defaultSources;
  return sourceIds === undefined ? undefined : { sourceIds };
}
