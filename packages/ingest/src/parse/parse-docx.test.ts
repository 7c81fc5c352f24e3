import { readFileSync } from 'node:fs';
import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { chunkMarkdown } from '../chunk/chunk-markdown';
import { parseDocx } from './parse-docx';

function fixture(name: string) {
  return {
    path: `docs/${name}`,
    bytes: new Uint8Array(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url))),
  };
}

describe('parseDocx', () => {
  it('turns Word heading styles into Markdown headings and keeps the text', async () => {
    const document = await parseDocx(fixture('sample.docx'));
    expect(document.markdown).toMatch(/^# Leave Policy$/m);
    expect(document.markdown).toMatch(/^## Requesting Leave$/m);
    expect(document.markdown).toMatch(/^## Sick Leave$/m);
    expect(document.markdown).toContain(
      'Submit leave requests at least two weeks in advance through the HR portal.',
    );
    expect(document.markdown).toContain(
      'Tell your manager **before 9am** on the first day of absence.',
    );
  });

  it('reads title, author and modification date from the core properties', async () => {
    const document = await parseDocx(fixture('sample.docx'));
    expect(document.title).toBe('Clarify Leave Policy & Procedures');
    expect(document.metadata).toEqual({ author: 'People Team' });
    expect(document.updatedAt?.toISOString()).toBe('2024-05-02T14:30:00.000Z');
  });

  it('yields heading paths the chunker can use', async () => {
    const document = await parseDocx(fixture('sample.docx'));
    const chunks = chunkMarkdown(document.markdown, { targetChars: 100, overlapChars: 0 });
    const requesting = chunks.find((chunk) => chunk.text.includes('two weeks in advance'));
    expect(requesting?.headingPath).toEqual(['Leave Policy', 'Requesting Leave']);
  });

  it.each([
    ['not a zip archive', 'corrupt.docx', /not a zip archive/],
    ['a zip without word/document.xml', 'missing-document.docx', /main document part/],
  ])('rejects %s with parse_failed', { timeout: 10_000 }, async (_name, file, reason) => {
    const error: unknown = await parseDocx(fixture(file)).catch((caught: unknown) => caught);
    expect(isClarifyError(error, 'parse_failed')).toBe(true);
    expect((error as Error).message).toMatch(reason);
  });

  it('rejects a truncated zip with parse_failed', { timeout: 10_000 }, async () => {
    const { bytes } = fixture('sample.docx');
    const error: unknown = await parseDocx({
      path: 'cut.docx',
      bytes: bytes.subarray(0, 900),
    }).catch((caught: unknown) => caught);
    expect(isClarifyError(error, 'parse_failed')).toBe(true);
  });
});
