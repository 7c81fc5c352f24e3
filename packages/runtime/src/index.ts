export {
  openKnowledgeBase,
  knowledgeBaseOver,
  createEmbedder,
  type KnowledgeBase,
  type KnowledgeBaseHooks,
} from './open-knowledge-base';
export { pipelineParts, type PipelineParts } from './pipeline-parts';
export {
  createConfiguredAssistant,
  OFFLINE_PIPELINE,
  type ConfiguredAssistant,
  type PipelineConfig,
} from './create-configured-assistant';
export { createStrategy, type StrategyDeps } from './create-strategy';
export { reindexSource, type ReindexInput } from './reindex-source';
export { ensureSampleSource, SAMPLE_SOURCE_ID } from './ensure-sample-source';
export {
  createReadingsPool,
  defaultReadingThreads,
  type ReadingsPool,
} from './readings-pool/create-readings-pool';
export {
  checkSchedule,
  checkSourceId,
  saveSource,
  type SourceDeclaration,
} from './sources/save-source';
export {
  applyDeclaredSources,
  applyDeclaredSourcesAtStart,
  applySourcesFile,
  parseSourcesFile,
  SOURCES_FILE,
} from './sources/apply-sources-file';
export type { IndexDispatch, IndexOutcome, IndexRequest } from './jobs/index-request';
export { alreadyRunning, describeRunning } from './jobs/describe-running';
export { createLocalDispatch } from './jobs/local-dispatch';
export {
  INDEX_QUEUE,
  openIndexQueue,
  uuidFor,
  type IndexQueue,
  type QueuedStatus,
} from './jobs/pg-boss-queue';
export { createQueuedDispatch, followQueuedRun, type FollowOptions } from './jobs/queued-dispatch';
export { runIndexRequest, runningJob } from './jobs/run-index-request';
export { isStale, missedRun, scheduleIntervalMs } from './jobs/schedule-interval';
export { startSourceScheduler, type SourceScheduler } from './jobs/source-scheduler';
export { startIndexing, type Indexing, type IndexingRole } from './jobs/start-indexing';
export {
  createStaleSources,
  type StaleSource,
  type StaleSourcesOf,
} from './freshness/stale-sources';
export { freshnessNote, withFreshnessNotes } from './freshness/with-freshness-notes';
export { metrics, metricsRegistry } from './operations/metrics';
export { createReadiness, type Readiness } from './operations/readiness';
export {
  createOperationsEndpoints,
  type OperationsEndpoints,
  type OperationsResponse,
} from './operations/operations-endpoints';
export {
  instrumentAssistant,
  instrumentChatModel,
  instrumentRetriever,
} from './operations/instrument';
export { answerOperations, serveOperations } from './operations/serve-operations';
