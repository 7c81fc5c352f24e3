import { escapePlainText, type SourceReader } from '@clarify/ingest';
import type { CorpusDocument } from '../types';

const encoder = new TextEncoder();

/**
 * The records of a `corpus.jsonl` as a source: each is one document whose id is the record's
 * id (what gold `passages` name), parsed as Markdown with its title in front matter and its text
 * escaped, so a line starting with "#" stays text.
 */
export function createCorpusSourceReader(documents: readonly CorpusDocument[]): SourceReader {
  return {
    list: () =>
      Promise.resolve(
        documents.map((document) => {
          const bytes = encoder.encode(
            `---\ntitle: ${JSON.stringify(document.title)}\n---\n\n${escapePlainText(document.text)}\n`,
          );
          return {
            externalId: document.id,
            uri: `corpus:${encodeURIComponent(document.id)}`,
            modifiedAt: null,
            sizeBytes: bytes.length,
            parseAs: '.md',
            read: () => Promise.resolve(bytes),
          };
        }),
      ),
  };
}
