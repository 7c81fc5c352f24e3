import {
  createPgAuditLog,
  createPgClarificationStore,
  createPgEventLog,
  createPgFeedbackStore,
  type AppDatabase,
} from '@clarify/db';
import type { SlackAppOptions } from './create-slack-app';

/** The app's state in Postgres: dedupe, feedback, the audit log and pending clarifications. */
export function createPgSlackStores(db: AppDatabase): SlackAppOptions['stores'] {
  return {
    events: createPgEventLog(db),
    feedback: createPgFeedbackStore(db),
    audit: createPgAuditLog(db),
    clarifications: createPgClarificationStore(db),
  };
}
