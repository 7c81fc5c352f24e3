/** One document as a source lists it; its bytes are read only when it changed. */
export type SourceItem = {
  /** Stable id inside the source (for files: the path relative to the source folder). */
  externalId: string;
  uri: string;
  modifiedAt: Date | null;
  sizeBytes: number | null;
  /**
   * The extension to parse the bytes as (".md"), when the id has none that says it: records of
   * a corpus file are ids, not paths. Files leave it out: their path's extension decides.
   */
  parseAs?: string;
  /**
   * The place's own change marker, when it has a cheap one (a file's modification time and
   * size, an ETag, a page's version number): the same as when the document was indexed means
   * unchanged, and the document is not read at all.
   */
  version?: string;
  /**
   * Headings above the document itself, outermost first (a wiki page's ancestors: ["Handbook",
   * "People"]): they head the heading path of each of its chunks, above its title. Files and
   * web pages have none. Unchanged bytes mean an unchanged document, so a reader whose
   * `headingPath` can change on its own (a page moved) makes its bytes and `version` change too.
   */
  headingPath?: readonly string[];
  /**
   * The title when the document's content has none (a Word file without a heading): its name
   * in the place, rather than an opaque id.
   */
  title?: string;
  /** Its bytes; with the extension to parse them as when only reading tells (a content type). */
  read(): Promise<Uint8Array | { bytes: Uint8Array; parseAs: string }>;
};

/**
 * Lists a source's documents. `list()` either returns the complete listing or throws: the
 * indexer deletes documents missing from a listing, so a partial listing must never be returned.
 */
export interface SourceReader {
  list(): Promise<SourceItem[]>;
  /**
   * Documents the last listing deliberately left out, with why (a page restricted to fewer
   * people than the source's audience): reported with the run, and deleted if indexed before.
   */
  withheld?(): readonly WithheldItem[];
}

export type WithheldItem = { externalId: string; reason: string };

/** An item's bytes, whichever way its reader gives them. */
export async function readBytes(item: SourceItem): Promise<Uint8Array> {
  const read = await item.read();
  return read instanceof Uint8Array ? read : read.bytes;
}
