export * from './schema';
export type { AppDatabase, Database, DatabaseDriver, LockResult } from './client/database';
export { createPgliteDatabase, type PgliteDatabaseOptions } from './client/create-pglite-database';
export { createPostgresDatabase, describeUrl } from './client/create-postgres-database';
export { migrateDatabase, MIGRATIONS_FOLDER } from './client/migrate-database';
export { openDatabase, type OpenDatabaseOptions } from './client/open-database';
export { queryRows } from './client/query-rows';
export { createPgDocumentStore } from './repositories/pg-document-store';
export { createPgSourceStore } from './repositories/pg-source-store';
export { createPgIndexJobStore } from './repositories/pg-index-job-store';
export { createPgRetriever, type PgRetrieverOptions } from './repositories/pg-retriever';
export { toLexicalQuery } from './repositories/lexical-query';
export { vectorIndexName } from './repositories/vector-index';
export {
  pgDenseSearch,
  type DenseHit,
  type DenseSearchInput,
} from './repositories/pg-dense-search';
export { measureVectorIndex, type VectorIndexFigures } from './bench/measure-vector-index';
export { createPgConversationStore } from './repositories/pg-conversation-store';
export { createPgClarificationStore } from './repositories/pg-clarification-store';
export { loadChunkTexts } from './repositories/load-chunk-texts';
export { createPgWordFrequencies } from './repositories/pg-word-frequencies';
export { createPgEventLog } from './repositories/pg-event-log';
export { createPgFeedbackStore } from './repositories/pg-feedback-store';
export { createPgAuditLog } from './repositories/pg-audit-log';
export { createPgQuestionLog } from './repositories/pg-question-log';
export {
  createPgAnalytics,
  type Analytics,
  type ChosenClarification,
  type ContentGap,
  type DayCount,
  type DownvotedAnswer,
  type DecisionShares,
  type FeedbackTotals,
} from './repositories/pg-analytics';
export { loadPassage, type StoredPassage } from './repositories/load-passage';
export { checkDatabase, type MigrationCount } from './client/check-database';
