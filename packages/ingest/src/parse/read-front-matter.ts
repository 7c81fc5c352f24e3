import { parse } from 'yaml';

export type FrontMatter = { data: Record<string, unknown>; body: string };

const block = /^---[ \t]*\n(?:([\s\S]*?)\n)?(?:---|\.\.\.)[ \t]*(?:\n|$)/;
const looksLikeKeyValue = /^\s*[\w-]+\s*:/;

/**
 * Splits YAML front matter from a Markdown body. Malformed front matter yields no data; its block
 * is dropped from the body only when it looked like `key: value` lines, so prose is never lost.
 */
export function readFrontMatter(text: string): FrontMatter {
  const match = block.exec(text);
  if (!match) return { data: {}, body: text };
  const source = match[1] ?? '';
  const body = text.slice(match[0].length);
  const data = parseMapping(source);
  if (data) return { data, body };
  return { data: {}, body: looksLikeKeyValue.test(source) ? body : text };
}

function parseMapping(source: string): Record<string, unknown> | null {
  try {
    const value: unknown = parse(source, { maxAliasCount: 50 });
    if (value === null || value === undefined) return {};
    if (typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
      return value as Record<string, unknown>;
    }
    return null;
  } catch {
    return null;
  }
}
