import { parseBlocks } from '../chunk/parse-blocks';

const maxTitleLineChars = 80;

/** A readable title from a file name: `vpn-reset_guide.md` → `Vpn reset guide`. */
export function titleFromPath(path: string): string {
  const name = fileNameOf(path).replace(/\.[^.]*$/, '');
  const words = name.replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (words === '') return fileNameOf(path) || 'Untitled';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The last segment of a `/` or `\` separated path. */
export function fileNameOf(path: string): string {
  return path.split(/[\\/]/).at(-1) ?? path;
}

/** Text of the first heading at or above `maxLevel` outside code blocks, or null. */
export function firstHeading(markdown: string, maxLevel = 6): string | null {
  for (const block of parseBlocks(markdown)) {
    if (block.kind === 'heading' && block.level <= maxLevel) return block.text;
  }
  return null;
}

/** The first non-empty line when it is short enough to be a title, or null. */
export function firstShortLine(text: string): string | null {
  const line = text
    .split('\n')
    .map((candidate) => candidate.trim())
    .find((candidate) => candidate !== '');
  return line !== undefined && line.length <= maxTitleLineChars ? line : null;
}

/** The first candidate that is a non-blank string, trimmed, with inner whitespace collapsed. */
export function pickTitle(...candidates: (string | null | undefined)[]): string | undefined {
  for (const candidate of candidates) {
    const tidy = candidate?.replace(/\s+/g, ' ').trim();
    if (tidy) return tidy;
  }
  return undefined;
}
