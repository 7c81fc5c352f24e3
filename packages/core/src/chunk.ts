/** A piece of a parsed document, ready to embed and store. */
export type DocumentChunk = {
  ordinal: number;
  headingPath: string[];
  text: string;
};

/** A document turned into Markdown-like text, whatever its original format. */
export type ParsedDocument = {
  title: string;
  /** Markdown (headings as `#`), or plain paragraphs for formats without structure. */
  markdown: string;
  /** Date found in the document itself (front matter `updated:`), if any. */
  updatedAt: Date | null;
  metadata: Record<string, string>;
};
