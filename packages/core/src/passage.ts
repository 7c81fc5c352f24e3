/** A retrieved piece of a document, with where it came from and why it ranked. */
export type Passage = {
  chunkId: string;
  /** The document's id inside its source (for files: the path relative to the indexed folder). */
  documentId: string;
  sourceId: string;
  title: string;
  uri: string;
  /** Headings from the document title down to this passage, e.g. ["IT", "VPN", "Reset"]. */
  headingPath: string[];
  text: string;
  /** Fused score (Reciprocal Rank Fusion); higher is better. */
  score: number;
  /** 1-based rank in the dense (vector) list, or null when absent from it. */
  denseRank: number | null;
  /** Cosine similarity to the query embedding, when the passage was in the dense list. */
  similarity: number | null;
  /** 1-based rank in the full-text list, or null when absent from it. */
  lexicalRank: number | null;
  /** When the document last changed at its source, when known. */
  updatedAt: Date | null;
};

export const HEADING_SEPARATOR = ' › ';

export function formatHeadingPath(headingPath: readonly string[]): string {
  return headingPath.join(HEADING_SEPARATOR);
}
