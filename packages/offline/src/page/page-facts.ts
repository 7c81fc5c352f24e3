/**
 * A statement of a page that can answer a question, with the structure around it: the section
 * it sits in and, for a table row, the table's header and the row's cells. Headings and label
 * lines are context, never facts.
 */
export type Fact = {
  kind: 'row' | 'item' | 'sentence';
  /** The fact as it reads on its own; a row as "Country: Ireland; Notice period: one month". */
  text: string;
  /** Headings from the page title down to the fact's section. */
  headings: string[];
  /** For a table row: its table (numbered within the text), header and cells. */
  row?: TableRow;
  /** For an item of a numbered list (a procedure's step): its number. */
  step?: number;
};

export type TableRow = { table: number; header: string[]; cells: string[] };

const SEPARATOR_ROW = /^\|?\s*:?-{2,}/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^\s*(?:[-*+•]|\d{1,3}[.)])\s+/;
const SENTENCE_END = /(?<=[.!?])\s+(?=[\p{Lu}\p{N}"“(])/u;
/** Abbreviations and initials a sentence does not end at. */
const NOT_AN_END =
  /(?:\b\p{Lu}|\b(?:e\.g|i\.e|etc|vs|approx|incl|No|Dr|Mr|Mrs|Ms|St|Inc|Ltd|Co))\.$/u;

/**
 * The facts of a passage's Markdown, in order: each table row with its header, each list item,
 * each sentence of a paragraph. `headingPath` is where the passage starts in its page; headings
 * inside the text move the path on (a "##" heading replaces the previous "##" one).
 */
export function pageFacts(text: string, headingPath: readonly string[] = []): Fact[] {
  const facts: Fact[] = [];
  const stack = headingPath.map((heading, index) => ({ level: index + 1, heading }));
  const headings = () => stack.map(({ heading }) => heading);
  let header: string[] | null = null;
  let tables = 0;
  let fenced = false;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (/^(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced || line === '' || /^(```|~~~)/.test(line)) {
      if (line === '') header = null;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading !== null) {
      const level = heading[1]?.length ?? 1;
      while (stack.length > 0 && (stack[stack.length - 1]?.level ?? 0) >= level) stack.pop();
      stack.push({ level, heading: plain(heading[2] ?? '') });
      header = null;
      continue;
    }
    if (line.startsWith('|')) {
      if (SEPARATOR_ROW.test(line)) continue;
      const cells = tableCells(line);
      if (header === null) {
        header = cells;
        tables += 1;
        continue;
      }
      facts.push({
        kind: 'row',
        text: rowText(header, cells),
        headings: headings(),
        row: { table: tables, header, cells },
      });
      continue;
    }
    header = null;
    if (LIST_ITEM.test(line)) {
      const step = /^\s*(\d{1,3})[.)]\s/.exec(line)?.[1];
      facts.push({
        kind: 'item',
        text: plain(line.replace(LIST_ITEM, '')),
        headings: headings(),
        ...(step !== undefined && { step: Number(step) }),
      });
      continue;
    }
    const said = sentences(plain(line));
    // An FAQ entry's question states nothing, the context before its question mark included:
    // "I moved from Rotterdam to Boston mid-year. What happens to my leave?"
    if (said.length <= 2 && said.at(-1)?.endsWith('?')) continue;
    for (const sentence of said) {
      facts.push({ kind: 'sentence', text: sentence, headings: headings() });
    }
  }
  return facts.filter((fact) => fact.text !== '');
}

/** A row as a line that reads on its own, each cell named by its column; empty cells left out. */
export function rowText(header: readonly string[], cells: readonly string[]): string {
  return cells
    .flatMap((cell, index) => {
      if (cell === '') return [];
      const name = header[index] ?? '';
      return [name === '' ? cell : `${name}: ${cell}`];
    })
    .join('; ');
}

/** The column of a key–value table that holds the value ("Setting | Value | Notes"). */
const VALUE_COLUMN = /^(?:values?|amount|setting|details?)$/i;

/**
 * A key–value table's row as people write it: "Rate limit: 600 requests per minute (Shared by
 * all API keys)." for "Limit: Rate limit; Value: 600 requests per minute; Notes: Shared by all
 * API keys". Any other text is returned as it is.
 */
export function readableRow(text: string): string {
  const cells = text.split('; ').map((pair) => /^([^:]+): (.+)$/.exec(pair));
  if (cells.length < 2 || cells.some((cell) => cell === null)) return text;
  const [key, value, ...rest] = cells as RegExpExecArray[];
  if (!VALUE_COLUMN.test(value?.[1] ?? '')) return text;
  const notes = rest.map((cell) => cell[2] ?? '').join('; ');
  const stated = `${key?.[2] ?? ''}: ${value?.[2] ?? ''}`.replace(/[.\s]+$/, '');
  return notes === '' ? `${stated}.` : `${stated} (${notes.replace(/[.\s]+$/, '')}).`;
}

export function tableCells(line: string): string[] {
  return line
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => plain(cell.trim()));
}

/** Sentences of a paragraph line, not cut after initials or abbreviations ("T. G. Sheppard"). */
export function sentences(paragraph: string): string[] {
  const parts = paragraph.split(SENTENCE_END);
  const joined: string[] = [];
  for (const part of parts) {
    const previous = joined[joined.length - 1];
    if (previous !== undefined && NOT_AN_END.test(previous))
      joined[joined.length - 1] = `${previous} ${part}`;
    else joined.push(part);
  }
  return joined.map((sentence) => sentence.trim()).filter((sentence) => sentence.length > 2);
}

/** Text without Markdown emphasis, code ticks and link targets. */
export function plain(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim();
}

/**
 * Whether a line is a label rather than a statement: a phrase of at most five words without
 * a number, a link or a full stop at its end ("Opening hours", "Notice period:"). Labels are
 * context; they never answer.
 */
export function isLabel(line: string): boolean {
  const trimmed = line.trim();
  // A sentence ends with a full stop ("The shield is a disc."); a label with a colon or nothing.
  if (/[.!?]$/.test(trimmed) && !/:\s*[.]$/.test(trimmed)) return false;
  const text = trimmed.replace(/[:.]$/, '').trim();
  if (text === '') return true;
  const words = text.split(/\s+/);
  if (words.length > 5) return false;
  if (/\d/.test(text) || /https?:\/\/|[@#]\w/.test(text)) return false;
  return !/[.!?;]/.test(text);
}
