import type { Passage } from './passage';

/** A passage a reply cites, with what a chat platform needs to show it. */
export type Citation = {
  chunkId: string;
  /** The document's id inside its source: the path relative to the indexed folder. */
  documentId: string;
  sourceId: string;
  title: string;
  uri: string;
  heading: string;
  updatedAt: Date | null;
};

/** One earlier message of the thread, the bot's own answers (with what they cited) included. */
export type HistoryTurn = {
  role: 'user' | 'assistant';
  text: string;
  citations?: Citation[];
};

/**
 * Where a reading comes from in its page: a table row, a section or a list entry that gives the
 * asked value for one qualifier ("Ireland (Dublin)" of the column "Country"), or the page's best
 * statement.
 */
export type ReadingBasis = {
  source: 'row' | 'section' | 'term' | 'statement';
  /** What sets the reading apart inside its page, for a row or a section. */
  qualifier?: string;
  /** What kind of qualifier it is: the table's first column ("Country"), the parent heading. */
  dimension?: string;
};

/** A candidate reading of a question, grounded in one passage (pipeline stage 5). */
export type InterpretationCandidate = {
  /** The question specialised to what this passage answers. */
  interpretation: string;
  /** The answer, from the passage only. */
  answer: string;
  /** The sentence or span of the passage that supports the answer. */
  evidence: string;
  passage: Passage;
  /** Where in the page the reading comes from, when the extractor knows (`--explain`). */
  basis?: ReadingBasis;
};

/** A consolidated interpretation (pipeline stage 6): a cluster's medoid and all its passages. */
export type Interpretation = {
  interpretation: string;
  answer: string;
  evidence: string;
  /** Passages of every member of the cluster, ordered by retrieval rank (best first). */
  passages: Passage[];
  /** How many candidates the cluster holds. */
  support: number;
  /** Where in its page the reading comes from, when the extractor said. */
  basis?: ReadingBasis;
};
