import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readZipEntry } from './read-zip-entry';

const archive = new Uint8Array(
  readFileSync(new URL('../../test/fixtures/sample.docx', import.meta.url)),
);

describe('readZipEntry', () => {
  it('inflates a named entry', () => {
    const entry = readZipEntry(archive, 'docProps/core.xml', 1024 * 1024);
    expect(new TextDecoder().decode(entry ?? new Uint8Array())).toContain(
      '<dc:creator>People Team</dc:creator>',
    );
  });

  it('returns null for a missing entry and throws for bytes that are not a zip', () => {
    expect(readZipEntry(archive, 'nope.xml', 1024)).toBeNull();
    expect(() => readZipEntry(new TextEncoder().encode('plain text'), 'a', 1024)).toThrow();
  });

  it('refuses to inflate more than the given limit', () => {
    expect(() => readZipEntry(archive, 'word/document.xml', 100)).toThrow();
  });
});
