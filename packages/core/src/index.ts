export * from './errors';
export * from './embedder';
export * from './passage';
export * from './retriever';
export * from './chunk';
export * from './knowledge-base';
export * from './locks';
export * from './map-with-concurrency';
