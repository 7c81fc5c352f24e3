import type { ParsedDocument } from '@clarify/core';
import { decodeText } from './decode-text';
import { firstHeading, pickTitle, titleFromPath } from './derive-title';
import type { DocumentInput } from './document-input';
import { htmlToMarkdown, htmlToText } from './html-to-markdown';

const titleElement = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;

/**
 * Parses an HTML page into Markdown, dropping scripts, styles, navigation and footers.
 * The title comes from `<title>`, else the first `<h1>`, else the file name.
 */
export function parseHtml(input: DocumentInput): ParsedDocument {
  const html = decodeText(input.bytes);
  const markdown = htmlToMarkdown(html);
  const titleSource = titleElement.exec(html)?.[1];
  const title =
    pickTitle(
      titleSource === undefined ? null : htmlToText(titleSource),
      firstHeading(markdown, 1),
    ) ?? titleFromPath(input.path);
  return { title, markdown, updatedAt: null, metadata: {} };
}
