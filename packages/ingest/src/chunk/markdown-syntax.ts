export type FenceOpening = { indent: string; marker: string; line: string };

const fenceOpening = /^(\s*)(`{3,}|~{3,})(.*)$/;
const fenceClosing = /^\s*(`{3,}|~{3,})\s*$/;
const atxHeading = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const thematicBreak = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const setextUnderline = /^ {0,3}(=+|-+)[ \t]*$/;
const listItem = /^(\s*)([-*+]|\d{1,9}[.)])(?:[ \t]+|$)/;
const tableDelimiter = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/** Recognises a line opening a fenced code block (any indentation, so fences nested in lists count). */
export function matchFenceOpening(line: string): FenceOpening | null {
  const match = fenceOpening.exec(line);
  if (!match) return null;
  const [, indent = '', marker = '', info = ''] = match;
  if (marker.startsWith('`') && info.includes('`')) return null;
  return { indent, marker, line };
}

/** True when `line` closes a fence opened with `marker` (same character, at least as long). */
export function isFenceClosing(line: string, marker: string): boolean {
  const match = fenceClosing.exec(line);
  const candidate = match?.[1];
  return candidate !== undefined && candidate[0] === marker[0] && candidate.length >= marker.length;
}

/** Level and raw text of an ATX heading line (`## Title ##`), or null. */
export function matchAtxHeading(line: string): { level: number; text: string } | null {
  const match = atxHeading.exec(line);
  if (!match) return null;
  const [, hashes = '', content = ''] = match;
  const text = /^#+$/.test(content) ? '' : content.replace(/[ \t]+#+$/, '').trim();
  return { level: hashes.length, text };
}

/** Heading level a setext underline gives the paragraph above it (`===` → 1, `---` → 2), or null. */
export function matchSetextUnderline(line: string): 1 | 2 | null {
  const match = setextUnderline.exec(line);
  if (!match) return null;
  return match[1]?.startsWith('=') ? 1 : 2;
}

export function isThematicBreak(line: string): boolean {
  return thematicBreak.test(line);
}

/** Indentation width of a list item line, or null when the line does not start a list item. */
export function matchListItem(
  line: string,
): { indent: number; ordered: boolean; start: string } | null {
  const match = listItem.exec(line);
  if (!match) return null;
  const [, indent = '', marker = ''] = match;
  const ordered = /\d/.test(marker);
  return { indent: indent.length, ordered, start: ordered ? marker.slice(0, -1) : marker };
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** Cells of a pipe-table row, outer pipes removed. */
export function splitTableCells(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((cell) => cell.trim());
}

/** True when `header` and `delimiter` open a GFM pipe table with matching column counts. */
export function isTableStart(header: string, delimiter: string | undefined): boolean {
  if (delimiter === undefined || !header.includes('|') || !delimiter.includes('|')) return false;
  if (!tableDelimiter.test(delimiter)) return false;
  return splitTableCells(header).length === splitTableCells(delimiter).length;
}
