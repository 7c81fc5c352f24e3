import { basename, resolve } from 'node:path';

/** A source id from a folder name: lower-case letters, digits and dashes. */
export function sourceIdFromPath(path: string): string {
  const slug = basename(resolve(path))
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'files';
}
