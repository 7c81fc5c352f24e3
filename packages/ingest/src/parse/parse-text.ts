import type { ParsedDocument } from '@clarify/core';
import { decodeText } from './decode-text';
import { firstShortLine, pickTitle, titleFromPath } from './derive-title';
import type { DocumentInput } from './document-input';
import { escapePlainText } from './escape-plain-text';

/**
 * Parses plain text. The title is the first non-empty line when it is short, else the file name;
 * lines that look like Markdown headings or fences are escaped so they stay text.
 */
export function parseText(input: DocumentInput): ParsedDocument {
  const text = decodeText(input.bytes).trim();
  const title = pickTitle(firstShortLine(text)) ?? titleFromPath(input.path);
  return { title, markdown: escapePlainText(text), updatedAt: null, metadata: {} };
}
