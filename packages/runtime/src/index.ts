export { openKnowledgeBase, createEmbedder, type KnowledgeBase } from './open-knowledge-base';
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
  applySourcesFile,
  parseSourcesFile,
  SOURCES_FILE,
} from './sources/apply-sources-file';
