import { readFileSync } from 'node:fs';
import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { isSupportedPath, parseDocument, SUPPORTED_EXTENSIONS } from './parse-document';

function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../test/fixtures/${name}`, import.meta.url)));
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('expected a rejection'),
    (error: unknown) => error,
  );
}

describe('parseDocument', () => {
  it('lists the supported extensions and matches them case-insensitively', () => {
    expect([...SUPPORTED_EXTENSIONS].sort()).toEqual(
      ['.docx', '.htm', '.html', '.markdown', '.md', '.mdx', '.pdf', '.text', '.txt'].sort(),
    );
    expect(isSupportedPath('kb/Guide.PDF')).toBe(true);
    expect(isSupportedPath('kb/notes.Markdown')).toBe(true);
    expect(isSupportedPath('kb/sheet.xlsx')).toBe(false);
    expect(isSupportedPath('kb/.md')).toBe(false);
    expect(isSupportedPath('kb/toString')).toBe(false);
  });

  it.each([
    ['sample.md', 'IT Handbook', 'To reset your VPN token'],
    ['sample.txt', 'Office Wi-Fi Guide', 'The password rotates every month'],
    ['sample.html', 'Expense Policy & Claims', 'Claims are submitted in the finance portal'],
    ['sample.pdf', 'Clarify Sample Handbook', 'To reset your VPN token'],
    ['sample.docx', 'Clarify Leave Policy & Procedures', 'Submit leave requests'],
  ])('dispatches %s to its parser', async (name, title, sentence) => {
    const document = await parseDocument({
      path: `kb/${name.toUpperCase()}`,
      bytes: fixtureBytes(name),
    });
    expect(document.title).toBe(title);
    expect(document.markdown).toContain(sentence);
  });

  it('rejects an unsupported extension with parse_failed', async () => {
    const error = await failureOf(parseDocument({ path: 'a/b.xyz', bytes: new Uint8Array() }));
    expect(isClarifyError(error, 'parse_failed')).toBe(true);
    expect((error as Error).message).toBe('unsupported file type ".xyz"');
    expect(
      isClarifyError(
        await failureOf(parseDocument({ path: 'Makefile', bytes: new Uint8Array() })),
        'parse_failed',
      ),
    ).toBe(true);
  });

  it.each(['corrupt.pdf', 'corrupt.docx', 'missing-document.docx'])(
    'rejects %s with parse_failed quickly',
    { timeout: 10_000 },
    async (name) => {
      const error = await failureOf(
        parseDocument({ path: `kb/${name}`, bytes: fixtureBytes(name) }),
      );
      expect(isClarifyError(error, 'parse_failed')).toBe(true);
      expect((error as Error).message).toContain(name);
    },
  );

  it('resolves an empty text file with empty markdown', async () => {
    const document = await parseDocument({
      path: 'kb/empty.txt',
      bytes: fixtureBytes('empty.txt'),
    });
    expect(document.markdown).toBe('');
  });
});
