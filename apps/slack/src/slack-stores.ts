import type { ChatStores } from '@clarify/chat';
import {
  createPgAuditLog,
  createPgConversationStore,
  createPgEventLog,
  createPgFeedbackStore,
  type AppDatabase,
} from '@clarify/db';

/** The app's state in Postgres: dedupe, feedback, the audit log and the stored turns. */
export function createPgSlackStores(db: AppDatabase): ChatStores {
  return {
    events: createPgEventLog(db),
    feedback: createPgFeedbackStore(db),
    audit: createPgAuditLog(db),
    conversations: createPgConversationStore(db),
  };
}
