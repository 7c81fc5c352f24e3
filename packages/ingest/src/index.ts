export * from './parse';
export * from './chunk';
export {
  readBytes,
  type SourceItem,
  type SourceReader,
  type WithheldItem,
} from './sources/source-reader';
export {
  createFilesSourceReader,
  defaultIncludePatterns,
  type FilesSourceSettings,
} from './sources/files-source-reader';
export {
  createIndexer,
  MASS_DELETION_MIN_DOCUMENTS,
  MASS_DELETION_SHARE,
  type Indexer,
  type IndexerDeps,
  type IndexProgress,
  type IndexRunOptions,
} from './indexer/create-indexer';
export { contentHash, INDEX_FORMAT_VERSION } from './indexer/content-hash';
export type {
  Connector,
  ConnectorContext,
  ConnectorOption,
  SyncState,
} from './connectors/connector';
export {
  checkSourceSettings,
  connectorFor,
  CONNECTORS,
  describeSource,
  isSourceType,
  readerForSource,
  SOURCE_TYPES,
} from './connectors/connectors';
export { createWebSourceReader, type WebSourceSettings } from './connectors/web/web-source-reader';
export { confluenceConnector } from './connectors/confluence/confluence-connector';
export {
  createConfluenceSourceReader,
  type ConfluenceSourceSettings,
} from './connectors/confluence/confluence-source-reader';
export { sharepointConnector } from './connectors/sharepoint/sharepoint-connector';
export {
  createSharePointSourceReader,
  type SharePointSourceSettings,
} from './connectors/sharepoint/sharepoint-source-reader';
