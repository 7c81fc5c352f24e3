import { ClarifyError, isClarifyError, type ParsedDocument } from '@clarify/core';
import { fileNameOf } from './derive-title';
import type { DocumentInput, DocumentParser } from './document-input';
import { parseDocx } from './parse-docx';
import { parseFailure, reasonOf } from './parse-failure';
import { parseHtml } from './parse-html';
import { parseMarkdown } from './parse-markdown';
import { parsePdf } from './parse-pdf';
import { parseText } from './parse-text';

const parsers = new Map<string, DocumentParser>([
  ['.md', parseMarkdown],
  ['.markdown', parseMarkdown],
  ['.mdx', parseMarkdown],
  ['.txt', parseText],
  ['.text', parseText],
  ['.html', parseHtml],
  ['.htm', parseHtml],
  ['.pdf', parsePdf],
  ['.docx', parseDocx],
]);

/** File extensions `parseDocument` understands, lower-case with the leading dot. */
export const SUPPORTED_EXTENSIONS: readonly string[] = Object.freeze([...parsers.keys()]);

/** True when the file's extension (case-insensitive) has a parser. */
export function isSupportedPath(path: string): boolean {
  return parsers.has(extensionOf(path));
}

/**
 * Parses a file into Markdown by its extension. Unsupported types and unreadable files reject
 * with `parse_failed`; a file without text resolves with empty `markdown`.
 */
export async function parseDocument(input: DocumentInput): Promise<ParsedDocument> {
  const extension = extensionOf(input.path);
  const parser = parsers.get(extension);
  if (!parser) {
    const reason = extension
      ? `unsupported file type "${extension}"`
      : `unsupported file "${fileNameOf(input.path)}" (no extension)`;
    throw new ClarifyError('parse_failed', reason);
  }
  try {
    return await parser(input);
  } catch (error) {
    if (isClarifyError(error, 'parse_failed')) throw error;
    throw parseFailure(input.path, reasonOf(error), error);
  }
}

function extensionOf(path: string): string {
  const name = fileNameOf(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}
