import { createHash } from 'node:crypto';

/** Bump when parsing or chunking changes in a way that should re-index every document. */
export const INDEX_FORMAT_VERSION = 'clarify-index-v1';

/**
 * The version key of a document: its bytes plus everything that shapes its stored chunks
 * (format version, chunker settings, embedding model). Same key → nothing to do.
 */
export function contentHash(bytes: Uint8Array, settingsKey: string): string {
  return createHash('sha256')
    .update(INDEX_FORMAT_VERSION)
    .update('\0')
    .update(settingsKey)
    .update('\0')
    .update(bytes)
    .digest('hex');
}

/**
 * What is stored of a source's change marker: the marker with the document's address and the
 * index settings, so new settings or a moved document are not mistaken for unchanged.
 */
export function versionKey(version: string, uri: string, settingsKey: string): string {
  const settings = createHash('sha256')
    .update(INDEX_FORMAT_VERSION)
    .update('\0')
    .update(settingsKey)
    .update('\0')
    .update(uri)
    .digest('hex')
    .slice(0, 16);
  return `${settings}:${version}`;
}
