import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { readBytes } from './source-reader';
import { createFilesSourceReader } from './files-source-reader';

let root: string;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'clarify-files-'));
  for (const path of [
    'a.md',
    'docs/b.pdf',
    'docs/drafts/c.md',
    'image.png',
    'node_modules/x/readme.md',
    '.hidden/d.md',
    'Notes Q1.DOCX',
  ]) {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), path);
  }
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createFilesSourceReader', () => {
  it('lists supported files by relative path, sorted, skipping node_modules and dot folders', async () => {
    const items = await createFilesSourceReader({ path: root }).list();
    expect(items.map((item) => item.externalId)).toEqual([
      'Notes Q1.DOCX',
      'a.md',
      'docs/b.pdf',
      'docs/drafts/c.md',
    ]);
    expect(items[1]?.uri).toBe(`file://${root}/a.md`);
    expect(items[1]?.sizeBytes).toBe(4);
    expect(new TextDecoder().decode(await readBytes(items[1]!))).toBe('a.md');
  });

  it('applies include and exclude globs and builds links from a uri prefix', async () => {
    const items = await createFilesSourceReader({
      path: root,
      include: ['**/*.md'],
      exclude: ['**/drafts/**'],
      uriPrefix: 'https://wiki.example.com/kb',
    }).list();
    expect(items.map((item) => item.externalId)).toEqual(['a.md']);
    expect(items[0]?.uri).toBe('https://wiki.example.com/kb/a.md');
    const spaced = await createFilesSourceReader({
      path: root,
      include: ['*.DOCX'],
      uriPrefix: 'https://x.example/',
    }).list();
    expect(spaced[0]?.uri).toBe('https://x.example/Notes%20Q1.DOCX');
  });

  it('fails the whole listing for a missing folder', async () => {
    const error = await createFilesSourceReader({ path: join(root, 'missing') })
      .list()
      .catch((caught: unknown) => caught);
    expect(isClarifyError(error, 'source_not_found')).toBe(true);
    expect((error as Error).message).toContain('missing');
  });
});
