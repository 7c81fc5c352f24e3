import {
  createPgAuditLog,
  createPgConversationStore,
  createPgEventLog,
  createPgFeedbackStore,
  createPgQuestionLog,
  type AppDatabase,
} from '@clarify/db';
import type { ChatStores } from './chat-context';

/**
 * The layer's state in Postgres: dedupe, feedback, the audit log, the stored turns and the
 * questions asked.
 */
export function createPgChatStores(db: AppDatabase): ChatStores {
  return {
    events: createPgEventLog(db),
    feedback: createPgFeedbackStore(db),
    audit: createPgAuditLog(db),
    conversations: createPgConversationStore(db),
    questions: createPgQuestionLog(db),
  };
}
