import { splitSentencesAt } from '@clarify/core';
import { rowText, tableCells } from '../page/page-facts';

const SENTENCE_END = /(?<=[.!?])\s+(?=[A-Z0-9"“(])/;
const MAX_UNIT_CHARS = 400;

/**
 * Splits passage text into answer units: list items, table rows (each cell named by its
 * column, so a row reads on its own) and sentences of paragraphs — or whole paragraphs of at
 * most `paragraphChars` characters. Markdown emphasis is dropped; headings are not units.
 */
export function splitUnits(text: string, options: { paragraphChars?: number } = {}): string[] {
  const paragraphChars = options.paragraphChars ?? 0;
  const units: string[] = [];
  let tableHeader: string[] | null = null;
  // A line ending in a colon ("The crust is of two types:") and the lines right after it (up to
  // a blank line) are one paragraph: the lead-in says what they are, they give the values.
  let leadIn: 'none' | 'awaiting' | 'open' = 'none';
  for (const rawLine of text.split('\n')) {
    const line = plain(rawLine).trim();
    if (line === '') {
      if (leadIn === 'open') leadIn = 'none';
      continue;
    }
    if (/^\|?\s*:?-{2,}/.test(line)) continue;
    // A heading names a section; it states nothing, so it is never an answer.
    if (/^#{1,6}\s/.test(rawLine.trim())) {
      leadIn = 'none';
      tableHeader = null;
      continue;
    }
    if (leadIn !== 'none' && !/^(\||#|\d+\.\s|[-*+]\s)/.test(rawLine.trim())) {
      const joined = `${units[units.length - 1] ?? ''} ${line}`;
      if (joined.length <= paragraphChars) {
        units[units.length - 1] = joined;
        leadIn = 'open';
        continue;
      }
    }
    leadIn = 'none';
    if (line.startsWith('|')) {
      const cells = tableCells(line);
      if (tableHeader === null) {
        tableHeader = cells;
        continue;
      }
      // A row reads as the page's facts state it: "Office: Boston; Days: 20".
      units.push(rowText(tableHeader, cells));
      continue;
    }
    tableHeader = null;
    if (/^(\d+\.|[-*+])\s/.test(line)) {
      units.push(truncate(line));
      continue;
    }
    if (line.length <= paragraphChars) {
      units.push(line);
      leadIn = line.endsWith(':') ? 'awaiting' : 'none';
      continue;
    }
    for (const sentence of splitSentencesAt(line, SENTENCE_END)) {
      if (sentence.trim().length > 2) units.push(truncate(sentence.trim()));
    }
  }
  return units;
}

function plain(line: string): string {
  return line
    .replace(/\*\*|__|`/g, '')
    .replace(/^#+\s*/, '')
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');
}

function truncate(unit: string): string {
  if (unit.length <= MAX_UNIT_CHARS) return unit;
  const cut = unit.slice(0, MAX_UNIT_CHARS);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_UNIT_CHARS * 0.7))}…`;
}
