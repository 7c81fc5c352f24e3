import { readFileSync } from 'node:fs';
import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from '../chunk/chunk-markdown';
import { parsePdf } from './parse-pdf';

function fixture(name: string) {
  return {
    path: `docs/${name}`,
    bytes: new Uint8Array(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url))),
  };
}

describe('parsePdf', () => {
  it('extracts every page, separated by a blank line, with the Title from the PDF info', async () => {
    const document = await parsePdf(fixture('sample.pdf'));
    expect(document.title).toBe('Clarify Sample Handbook');
    expect(document.metadata).toEqual({ pages: '2', author: 'Clarify Tests' });
    expect(document.updatedAt?.toISOString()).toBe('2024-03-20T09:30:00.000Z');
    const pages = document.markdown.split('\n\n');
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('New staff receive a laptop on day one.');
    expect(pages[1]).toContain(
      'To reset your VPN token, open the self-service portal and choose Reset.',
    );
  });

  it('leaves the input bytes usable afterwards', async () => {
    const input = fixture('sample.pdf');
    await parsePdf(input);
    expect(input.bytes.byteLength).toBeGreaterThan(0);
    expect((await parsePdf(input)).title).toBe('Clarify Sample Handbook');
  });

  it('gives the page text to the chunker as plain paragraphs', async () => {
    const document = await parsePdf(fixture('sample.pdf'));
    const chunks = chunkMarkdown(document.markdown, {
      targetChars: 120,
      overlapChars: 0,
      title: document.title,
    });
    expect(chunks.every((chunk) => chunk.headingPath.join('/') === 'Clarify Sample Handbook')).toBe(
      true,
    );
    expect(chunks.some((chunk) => chunk.text.includes('Tokens expire after ninety days.'))).toBe(
      true,
    );
  });

  it('returns empty markdown and the file name as title for a PDF without text', async () => {
    const document = await parsePdf(fixture('scanned-no-text.pdf'));
    expect(document).toMatchObject({
      title: 'Scanned no text',
      markdown: '',
      metadata: { pages: '1' },
    });
  });

  it.each([
    ['truncated', fixture('corrupt.pdf').bytes],
    ['garbage', new TextEncoder().encode('%PDF-1.7\nthis is not really a pdf')],
    ['empty', new Uint8Array()],
  ])('rejects a %s PDF with parse_failed', { timeout: 10_000 }, async (_name, bytes) => {
    const error: unknown = await parsePdf({ path: 'docs/bad.pdf', bytes }).catch(
      (caught: unknown) => caught,
    );
    expect(isClarifyError(error, 'parse_failed')).toBe(true);
    expect((error as Error).message).toMatch(/^could not parse "bad\.pdf": /);
  });
});
