import { afterEach, beforeEach, describe } from 'vitest';
import {
  createMemoryAuditLog,
  createMemoryEventLog,
  createMemoryFeedbackStore,
} from '@clarify/testing';
import type { Database } from '../src/client/database';
import { createPgAuditLog } from '../src/repositories/pg-audit-log';
import { createPgEventLog } from '../src/repositories/pg-event-log';
import { createPgFeedbackStore } from '../src/repositories/pg-feedback-store';
import { createTestDatabase, testDatabaseKinds } from '../src/testing';
import { auditLogContract } from './audit-log-contract';
import { eventLogContract } from './event-log-contract';
import { feedbackStoreContract } from './feedback-store-contract';

describe('memory fakes', () => {
  eventLogContract(createMemoryEventLog);
  feedbackStoreContract(createMemoryFeedbackStore);
  auditLogContract(createMemoryAuditLog);
});

describe.each(testDatabaseKinds())('Postgres stores on %s', (kind) => {
  let database: Database;
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });
  afterEach(async () => {
    await database.close();
  });

  eventLogContract(() => createPgEventLog(database.db));
  feedbackStoreContract(() => createPgFeedbackStore(database.db));
  auditLogContract(() => createPgAuditLog(database.db));
});
