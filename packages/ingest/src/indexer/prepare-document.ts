import { basename } from 'node:path';
import type { DocumentChunk, DocumentVersion } from '@clarify/core';
import { formatHeadingPath } from '@clarify/core';
import { chunkMarkdown, type ChunkOptions } from '../chunk';
import { parseDocument } from '../parse';
import type { SourceItem } from '../sources/source-reader';

export type PreparedDocument =
  | {
      kind: 'ready';
      document: Omit<DocumentVersion, 'contentHash'>;
      chunks: DocumentChunk[];
      /** What gets embedded per chunk: its heading path, then its text. */
      embeddingTexts: string[];
    }
  | { kind: 'skipped'; reason: string };

/** Parses and chunks one document. Parse errors propagate as ClarifyError('parse_failed'). */
export async function prepareDocument(input: {
  item: SourceItem;
  bytes: Uint8Array;
  /** The extension reading told, over the item's own. */
  parseAs?: string;
  chunkOptions: ChunkOptions;
}): Promise<PreparedDocument> {
  const { item, bytes } = input;
  const parseAs = input.parseAs ?? item.parseAs;
  const path = parseAs === undefined ? item.externalId : `${item.externalId}${parseAs}`;
  const parsed = await parseDocument({ path, bytes });
  const title = parsed.title.trim() || item.title?.trim() || basename(item.externalId);
  const above = item.headingPath ?? [];
  const chunks = chunkMarkdown(parsed.markdown, { ...input.chunkOptions, title }).map((chunk) =>
    above.length === 0 ? chunk : { ...chunk, headingPath: [...above, ...chunk.headingPath] },
  );
  if (chunks.length === 0) return { kind: 'skipped', reason: 'no extractable text' };
  return {
    kind: 'ready',
    document: {
      externalId: item.externalId,
      uri: item.uri,
      title,
      updatedAt: parsed.updatedAt ?? item.modifiedAt,
    },
    chunks,
    embeddingTexts: chunks.map(
      (chunk) => `${formatHeadingPath(chunk.headingPath)}\n\n${chunk.text}`,
    ),
  };
}
