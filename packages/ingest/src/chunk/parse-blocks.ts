import { cleanHeadingText } from './clean-heading-text';
import {
  isBlank,
  isFenceClosing,
  isTableStart,
  isThematicBreak,
  matchAtxHeading,
  matchFenceOpening,
  matchListItem,
  matchSetextUnderline,
} from './markdown-syntax';

export type HeadingBlock = { kind: 'heading'; level: number; text: string; rawText: string };
export type ParagraphBlock = { kind: 'paragraph'; text: string };
export type ListBlock = { kind: 'list'; items: string[] };
export type TableBlock = { kind: 'table'; header: string; delimiter: string; rows: string[] };
export type CodeBlock = { kind: 'code'; opening: string; closing: string; lines: string[] };
export type MarkdownBlock = HeadingBlock | ParagraphBlock | ListBlock | TableBlock | CodeBlock;

type Reader = { lines: string[]; index: number; blocks: MarkdownBlock[] };

/** Splits Markdown into headings and content blocks; thematic breaks and blank lines are dropped. */
export function parseBlocks(markdown: string): MarkdownBlock[] {
  const reader: Reader = {
    lines: markdown.replace(/\r\n?/g, '\n').split('\n'),
    index: 0,
    blocks: [],
  };
  while (reader.index < reader.lines.length) {
    const line = reader.lines[reader.index] ?? '';
    if (isBlank(line) || isThematicBreak(line)) reader.index += 1;
    else if (matchFenceOpening(line)) readCode(reader);
    else if (matchAtxHeading(line)) readAtxHeading(reader);
    else if (isTableStart(line, reader.lines[reader.index + 1])) readTable(reader);
    else if (matchListItem(line)) readList(reader);
    else readParagraph(reader);
  }
  return reader.blocks;
}

function heading(level: number, rawText: string): HeadingBlock {
  return { kind: 'heading', level, rawText, text: cleanHeadingText(rawText) };
}

function readAtxHeading(reader: Reader): void {
  const match = matchAtxHeading(reader.lines[reader.index] ?? '');
  reader.index += 1;
  if (match && cleanHeadingText(match.text) !== '')
    reader.blocks.push(heading(match.level, match.text));
}

function readCode(reader: Reader): void {
  const opening = matchFenceOpening(reader.lines[reader.index] ?? '');
  if (!opening) return;
  const lines: string[] = [];
  let closing = `${opening.indent}${opening.marker}`;
  reader.index += 1;
  while (reader.index < reader.lines.length) {
    const line = reader.lines[reader.index] ?? '';
    reader.index += 1;
    if (isFenceClosing(line, opening.marker)) {
      closing = line.trimEnd();
      break;
    }
    lines.push(line);
  }
  reader.blocks.push({ kind: 'code', opening: opening.line.trimEnd(), closing, lines });
}

function startsOtherBlock(line: string): boolean {
  return (
    matchFenceOpening(line) !== null || matchAtxHeading(line) !== null || isThematicBreak(line)
  );
}

function readTable(reader: Reader): void {
  const header = reader.lines[reader.index] ?? '';
  const delimiter = reader.lines[reader.index + 1] ?? '';
  const rows: string[] = [];
  reader.index += 2;
  for (
    let line = reader.lines[reader.index];
    line !== undefined;
    line = reader.lines[reader.index]
  ) {
    if (isBlank(line) || startsOtherBlock(line)) break;
    rows.push(line.trim());
    reader.index += 1;
  }
  reader.blocks.push({ kind: 'table', header: header.trim(), delimiter: delimiter.trim(), rows });
}

function readList(reader: Reader): void {
  const baseIndent = matchListItem(reader.lines[reader.index] ?? '')?.indent ?? 0;
  const items: string[][] = [];
  while (reader.index < reader.lines.length) {
    const line = reader.lines[reader.index] ?? '';
    const item = isThematicBreak(line) ? null : matchListItem(line);
    if (item && item.indent <= baseIndent) items.push([line]);
    else if (isBlank(line)) {
      if (!continuesList(reader.lines[nextFilled(reader.lines, reader.index)], baseIndent)) break;
      items.at(-1)?.push('');
    } else if (startsOtherBlock(line)) break;
    else items.at(-1)?.push(line);
    reader.index += 1;
  }
  const texts = items.map((lines) =>
    lines
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trimEnd(),
  );
  reader.blocks.push({ kind: 'list', items: texts });
}

function nextFilled(lines: string[], from: number): number {
  let index = from;
  while (index < lines.length && isBlank(lines[index] ?? '')) index += 1;
  return index;
}

function continuesList(line: string | undefined, baseIndent: number): boolean {
  if (line === undefined || startsOtherBlock(line)) return false;
  const indent = line.length - line.trimStart().length;
  return indent >= baseIndent + 2 || (matchListItem(line)?.indent ?? Infinity) <= baseIndent;
}

function interruptsParagraph(line: string, next: string | undefined): boolean {
  if (isBlank(line) || startsOtherBlock(line) || isTableStart(line, next)) return true;
  const item = matchListItem(line);
  return item !== null && (!item.ordered || item.start === '1');
}

function readParagraph(reader: Reader): void {
  const lines: string[] = [reader.lines[reader.index] ?? ''];
  reader.index += 1;
  while (reader.index < reader.lines.length) {
    const line = reader.lines[reader.index] ?? '';
    const level = matchSetextUnderline(line);
    if (level !== null) {
      reader.index += 1;
      const text = lines.map((part) => part.trim()).join(' ');
      if (cleanHeadingText(text) !== '') reader.blocks.push(heading(level, text));
      return;
    }
    if (interruptsParagraph(line, reader.lines[reader.index + 1])) break;
    lines.push(line);
    reader.index += 1;
  }
  reader.blocks.push({ kind: 'paragraph', text: lines.map((line) => line.trim()).join('\n') });
}
