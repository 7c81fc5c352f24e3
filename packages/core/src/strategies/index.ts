export { createVerdictStrategy } from './verdict-strategy';
export type { VerdictStrategyDeps } from './verdict-strategy';
export { createRagStrategy } from './rag-strategy';
export type { RagStrategyDeps } from './rag-strategy';
export { tracedSearch } from './traced-search';
