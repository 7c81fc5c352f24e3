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
