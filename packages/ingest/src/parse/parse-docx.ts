import type { ParsedDocument } from '@clarify/core';
import mammoth from 'mammoth';
import { firstHeading, pickTitle, titleFromPath } from './derive-title';
import type { DocumentInput } from './document-input';
import { htmlToMarkdown } from './html-to-markdown';
import { parseFailure, reasonOf, withTimeout } from './parse-failure';
import { readDocxProperties } from './read-docx-properties';

const timeoutMilliseconds = 30_000;
const zipSignature = [0x50, 0x4b, 0x03, 0x04];

/**
 * Parses a Word .docx through mammoth's HTML, so Word headings become `#` headings.
 * The title is the document's Title property, else its first heading, else the file name.
 */
export async function parseDocx(input: DocumentInput): Promise<ParsedDocument> {
  if (!zipSignature.every((byte, index) => input.bytes[index] === byte)) {
    throw parseFailure(input.path, 'not a .docx file (it is not a zip archive)');
  }
  let html: string;
  try {
    const buffer = Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength);
    const result = await withTimeout(mammoth.convertToHtml({ buffer }), timeoutMilliseconds);
    html = result.value;
  } catch (error) {
    throw parseFailure(input.path, `not a readable .docx file (${reasonOf(error)})`, error);
  }
  const markdown = htmlToMarkdown(html);
  const properties = readDocxProperties(input.bytes);
  const title = pickTitle(properties.title, firstHeading(markdown)) ?? titleFromPath(input.path);
  const metadata: Record<string, string> = {};
  if (properties.creator !== null) metadata.author = properties.creator;
  return { title, markdown, updatedAt: properties.modified, metadata };
}
