// The offline engine: what Clarify reads in a company's pages without an LLM. Pages become
// facts (sentences, list items, table rows with their headers, under their sections); a
// question's readings are the qualifiers (a country, an office, a role, a version) whose facts
// give the asked value; words are weighed, stemmed and matched by one tokenizer.

// Pages: facts, their structure, the places they name.
export {
  isLabel,
  pageFacts,
  plain,
  readableRow,
  rowText,
  sentences,
  tableCells,
  type Fact,
  type TableRow,
} from './page/page-facts';
export { countriesIn } from './page/places';
export { tableRowsAsLines } from './page/table-rows-as-lines';

// Words: one tokenizer, one stemmer, one stop list.
export { tokenize } from './text/tokenize';
export { stem } from './text/stem';
export { isStopWord } from './text/stop-words';
export { contentStems, questionStems } from './readings/question-terms';

// Readings of a question in the retrieved passages (pipeline stage 5, offline).
export {
  createOfflineInterpretationExtractor,
  readReadings,
} from './readings/create-offline-interpretation-extractor';
export type {
  OfflineExtractorOptions,
  ReadingsInput,
  ReadingThresholds,
  ReadReadings,
} from './readings/create-offline-interpretation-extractor';
export { questionCoverage } from './readings/question-coverage';
export { contextLabel } from './readings/context-label';
export { splitUnits } from './readings/split-units';

// Embeddings without a model: hashed word and character features.
export { createOfflineEmbedder } from './embed/create-offline-embedder';
export type { OfflineEmbedderOptions } from './embed/create-offline-embedder';
