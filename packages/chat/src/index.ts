export type { ChatPlatform, ClickedMessage, Conversation, ReplyRenderer } from './chat-platform';
export {
  isWorkingText,
  scopeFor,
  threadKey,
  WORKING_TEXT,
  type ChatAssistant,
  type ChatContext,
  type ChatStores,
  type Logger,
} from './chat-context';
export {
  createConversationLayer,
  EVENT_KEY_RETENTION_MS,
  type ConversationLayer,
  type ConversationLayerOptions,
} from './conversation-layer';
export { knowledgeBaseAdmin, type IndexAdmin } from './admin/index-admin';
export { refusalText, type AdminCommand, type Respond } from './admin/run-admin-command';
export { adminUsage, ago, type TextStyle } from './admin/format-admin';
export {
  EMPTY_QUESTION_TEXT,
  workingText,
  type IncomingQuestion,
} from './conversation/answer-question';
export { INVALID_BUTTON_TEXT, type OptionClick } from './conversation/choose-option';
export {
  FEEDBACK_THANKS,
  INVALID_FEEDBACK_TEXT,
  type FeedbackClick,
} from './conversation/record-feedback';
export {
  AI_DOWN_TEXT,
  DATABASE_DOWN_TEXT,
  describeFailure,
  GENERIC_FAILURE_TEXT,
} from './conversation/describe-failure';
export { createWorkQueue, type WorkQueue } from './conversation/work-queue';
export {
  decodeChoice,
  decodeFeedback,
  encodeChoice,
  encodeFeedback,
  type Choice,
} from './view/button-values';
export {
  citationDate,
  collapseWhitespace,
  mergeSameDocument,
  withoutTitle,
} from './view/citations';
export {
  DEFAULT_CLARIFY_PROMPT,
  MAX_CITATIONS_PER_OPTION,
  toReplyView,
  type ChosenView,
  type OptionView,
  type ReplyView,
} from './view/reply-view';
export { createPgChatStores } from './pg-chat-stores';
export { serveUntilSignal, untilSignal } from './serve-until-signal';
export { createChatAssistant, type ChatAnswering } from './create-chat-assistant';
export { runChatApp, type StartedChatApp } from './run-chat-app';
