import type { ParsedDocument } from '@clarify/core';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { firstShortLine, pickTitle, titleFromPath } from './derive-title';
import type { DocumentInput } from './document-input';
import { escapePlainText } from './escape-plain-text';
import { parseFailure, reasonOf, withTimeout } from './parse-failure';

const timeoutMilliseconds = 30_000;

type PdfContent = { pages: string[]; info: Record<string, unknown> };

/**
 * Extracts the text of a PDF page by page, pages separated by blank lines. The title is the
 * PDF's Title property, else a short first line, else the file name. Scanned PDFs give no text.
 */
export async function parsePdf(input: DocumentInput): Promise<ParsedDocument> {
  let content: PdfContent;
  try {
    content = await withTimeout(readPdf(input.bytes), timeoutMilliseconds);
  } catch (error) {
    throw parseFailure(input.path, describePdfError(error), error);
  }
  const markdown = escapePlainText(content.pages.map(tidyPage).filter(Boolean).join('\n\n'));
  const { info } = content;
  const title =
    pickTitle(stringOf(info.Title), firstShortLine(markdown)) ?? titleFromPath(input.path);
  const metadata: Record<string, string> = { pages: String(content.pages.length) };
  const author = stringOf(info.Author)?.trim();
  if (author) metadata.author = author;
  const modified =
    info.ModDate instanceof Date && !Number.isNaN(info.ModDate.getTime()) ? info.ModDate : null;
  return { title, markdown, updatedAt: modified, metadata };
}

async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const document = await getDocumentProxy(new Uint8Array(bytes), {
    verbosity: 0,
    isEvalSupported: false,
  });
  try {
    const meta = await getMeta(document, { parseDates: true });
    const { text } = await extractText(document, { mergePages: false });
    return { pages: text, info: meta.info as Record<string, unknown> };
  } finally {
    await document.destroy();
  }
}

function tidyPage(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

function stringOf(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function describePdfError(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'the PDF is password-protected';
  if (name === 'InvalidPDFException') return `not a valid PDF (${reasonOf(error)})`;
  return reasonOf(error);
}
