import type { Passage } from '@clarify/core';
import { pageFacts, type Fact } from '../page/page-facts';
import { countriesIn } from '../page/places';
import { satisfiesAnswerType, type AnswerType } from './answer-type';
import { givesAskedValue } from './asked-value';
import type { QuestionCoverage } from './question-coverage';
import { contentStems } from './question-terms';

/**
 * One reading of a question inside one document: a table row or a section that gives the
 * asked value for one qualifier (a country, an office, a role, a version).
 */
export type StructuredReading = {
  passage: Passage;
  /** A table row's cell, a section's statement or a term's entry in a list. */
  source: 'row' | 'section' | 'term';
  /** What sets the reading apart: "Ireland (Dublin)", "Voicemail PIN". */
  qualifier: string;
  /** Where the qualifier comes from: a table column ("Country") or the sections' parent. */
  dimension: string;
  /** The asked value as the page gives it: "23 days", "The voicemail PIN has 6 digits." */
  value: string;
  /** The statement an option shows: "Ireland (Dublin) — Annual leave per year: 23 days." */
  answer: string;
  /** The row or sentence it comes from, as the page has it (rows with their headers). */
  evidence: string;
  score: number;
};

/** Columns of a key–value table: they describe the value, they are not qualifiers of it. */
const GENERIC_COLUMN =
  /^(?:values?|notes?|details?|descriptions?|comments?|examples?|remarks?|meaning|explanation|requirements?|what it means|why|how)$/i;

/**
 * Sections named by parallel qualifiers are worded by hand, each its own way ("11 company
 * holidays" in Austin, "10 public holidays" in Dublin): they need less of the best's coverage.
 */
const PARALLEL_SECTIONS = 0.6;

/** A row label that is a range of amounts or years, not a name: "Year 1–4", "Up to $5,000". */
const RANGE_LABEL =
  /\d\s*(?:–|-|to)\s*\d|\b(?:and later|or more|or less|and above|and over|and under)\b|^(?:up to|above|below|over|under|less than|more than|from)\b/i;

/** A row that sums the others up: its table breaks one value down. */
const TOTAL_LABEL = /^(?:total|sum|overall|grand total|all)\b/i;

/** Parallel facts answer alike: each must cover this share of what the best one covers. */
const PARALLEL_COVERAGE = 0.8;

/**
 * The readings a document gives by qualifier: the cells of the table whose header or row label
 * says what is asked, one per row (or per column); sibling sections named by a qualifier
 * ("Austin", "Dublin"; "Badge PIN", "Voicemail PIN"), each with its best statement of the asked
 * value; or the entries of a list by term ("Rotterdam: …"). Rows or sections that the question itself names are the only readings then.
 * Returns no readings when the document has no such structure for the question: it is
 * answered by its best statement instead.
 */
export function structuredReadings(input: {
  question: string;
  passages: readonly Passage[];
  coverage: QuestionCoverage;
  answerType: AnswerType;
  minimum: number;
}): StructuredReading[] {
  const facts = documentFacts(input.passages);
  const rows = tableReadings(facts, input);
  const sections = sectionReadings(facts, input);
  const items = termReadings(facts, input);
  const best = [rows, sections, items]
    .filter((readings) => readings.length > 0)
    .sort((left, right) => topScore(right) - topScore(left))[0];
  if (best === undefined) return [];
  return namedByQuestion(best, input.question);
}

type PassageFact = Fact & { passage: Passage };

/** The facts of a document's passages, each once (chunks overlap), in page order. */
function documentFacts(passages: readonly Passage[]): PassageFact[] {
  const seen = new Set<string>();
  const facts: PassageFact[] = [];
  for (const passage of passages) {
    for (const fact of pageFacts(passage.text, passage.headingPath)) {
      const key = `${fact.headings.join('\u0000')}\u0001${fact.text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      facts.push({ ...fact, passage });
    }
  }
  return facts;
}

function topScore(readings: readonly StructuredReading[]): number {
  return Math.max(0, ...readings.map((reading) => reading.score));
}

type Inputs = Parameters<typeof structuredReadings>[0];

/**
 * The cells of the tables that answer the question. Each value cell is read with its row's
 * label (first cell) and its column's header; the cells covering the question best are the
 * readings: down one column, each row a qualifier ("Ireland › Notice period"), or along one
 * row of a table whose columns are the qualifiers ("Referral fee › Premier").
 */
function tableReadings(facts: readonly PassageFact[], input: Inputs): StructuredReading[] {
  const tables = new Map<string, PassageFact[]>();
  for (const fact of facts) {
    if (fact.row === undefined) continue;
    const key = `${fact.passage.chunkId}\u0000${fact.row.table}`;
    tables.set(key, [...(tables.get(key) ?? []), fact]);
  }
  return best([...tables.values()].map((rows) => oneTableReadings(rows, input)));
}

type Cell = { row: PassageFact; column: number; value: string; score: number };

function oneTableReadings(rows: readonly PassageFact[], input: Inputs): StructuredReading[] {
  // A table with a total row breaks one value down ("Statutory days 20, Extra days 6, Total
  // 26"): its rows are parts of one answer, not readings.
  if (rows.some((row) => TOTAL_LABEL.test(row.row?.cells[0] ?? ''))) return [];
  const header = rows[0]?.row?.header ?? [];
  const context = rows[0] === undefined ? '' : sectionText(rows[0]);
  const cells: Cell[] = [];
  for (const row of rows) {
    const labels = row.row?.cells ?? [];
    for (let column = 1; column < labels.length; column += 1) {
      const value = labels[column] ?? '';
      if (!givesValue(value, input.answerType)) continue;
      const cell = `${labels[0] ?? ''}\n${header[column] ?? ''}\n${value}`;
      const withSection = input.coverage.ofText(`${context}\n${cell}`);
      if (withSection < input.minimum) continue;
      // What the cell's own labels say counts before what its section says: "Probation period
      // in New Zealand" is the probation column, not the notice column of the section "Notice
      // period after probation".
      cells.push({ row, column, value, score: (withSection + input.coverage.ofText(cell)) / 2 });
    }
  }
  const top = cells.reduce<Cell | null>(
    (best, cell) => (best === null || cell.score > best.score ? cell : best),
    null,
  );
  if (top === null) return [];
  const near = cells.filter((cell) => cell.score >= top.score * PARALLEL_COVERAGE);
  const downColumn = near.filter((cell) => cell.column === top.column);
  const alongRow = near.filter((cell) => cell.row === top.row);
  const rowLabel = top.row.row?.cells[0] ?? '';
  const attribute = asksAbout(input.question);
  // Readings vary along one axis while the other names what is asked: down a column whose
  // header is the asked attribute ("Notice period"), or along a row whose label is
  // ("Referral fee"). A header that only repeats a code of the question ("P1") names no
  // attribute: then its rows are parts of one answer, not readings.
  const byRow = attribute(header[top.column] ?? '') && downColumn.length >= alongRow.length;
  const byColumn =
    attribute(rowLabel) &&
    alongRow.length > 1 &&
    alongRow.every((cell) => !GENERIC_COLUMN.test(header[cell.column] ?? ''));
  if (!byRow && byColumn) {
    return alongRow.map((cell) =>
      reading(
        cell,
        header[cell.column] ?? '',
        rowLabel,
        `${header[cell.column] ?? ''} — ${rowLabel}: ${cell.value}.`,
      ),
    );
  }
  if (!byRow && !(downColumn.length === 1 && alongRow.length === 1)) return [];
  // Rows labelled by ranges ("Year 1–4", "Year 5 and later", "Up to US$5,000") are conditions
  // of one rule, not things to choose between: the page's statement of the rule answers.
  const labels = downColumn.map((cell) => cell.row.row?.cells[0] ?? '');
  if (downColumn.length > 1 && labels.every((label) => RANGE_LABEL.test(label))) return [];
  return downColumn.map((cell) => {
    const qualifier = rowQualifier(rows, cell.row, cell.column);
    return reading(
      cell,
      qualifier,
      header[0] ?? '',
      `${qualifier} — ${header[cell.column] ?? ''}: ${cell.value}.`,
    );
  });
}

/**
 * Whether a label names what the question asks about: one of the question's common words
 * (written in lower case: "notice period", "fee"), not only its names and codes ("P1", "SLA").
 */
function asksAbout(question: string): (label: string) => boolean {
  const common = new Set(
    (question.match(/(?<![\p{L}\p{N}])\p{Ll}[\p{Ll}'’-]*/gu) ?? []).flatMap((word) =>
      contentStems(word),
    ),
  );
  return (label) => contentStems(label).some((stem) => common.has(stem));
}

function reading(
  cell: Cell,
  qualifier: string,
  dimension: string,
  answer: string,
): StructuredReading {
  return {
    passage: cell.row.passage,
    source: 'row',
    qualifier,
    dimension,
    value: cell.value,
    answer,
    evidence: cell.row.text,
    score: cell.score,
  };
}

/** Whether a cell gives a value of the asked type: not empty, not a dash or a tick. */
function givesValue(value: string, type: AnswerType): boolean {
  if (!/[\p{L}\p{N}]/u.test(value)) return false;
  return satisfiesAnswerType(value, type);
}

/**
 * The row's first cell, with its cells in columns of names ("Ireland (Dublin)" for an Office
 * column): columns whose every cell is a short capitalised name, one per row.
 */
function rowQualifier(rows: readonly PassageFact[], row: PassageFact, asked: number): string {
  const cells = row.row?.cells ?? [];
  const names = cells.filter(
    (_, column) => column !== 0 && column !== asked && isNameColumn(rows, column),
  );
  const key = cells[0] ?? '';
  return names.length === 0 ? key : `${key} (${names.join(', ')})`;
}

function isNameColumn(rows: readonly PassageFact[], column: number): boolean {
  const cells = rows.map((row) => row.row?.cells[column] ?? '');
  return (
    cells.length >= 2 &&
    new Set(cells).size === cells.length &&
    cells.every(
      (cell) => /^\p{Lu}/u.test(cell) && !/\d/.test(cell) && cell.split(/\s+/).length <= 3,
    )
  );
}

/**
 * Sibling sections named by a qualifier, each with a statement giving the asked value that
 * covers nearly as much of the question as the best one: "Austin" / "Dublin" / "Auckland" in a
 * holiday calendar, "Badge PIN" / "Voicemail PIN". A section named by a topic ("Ownership",
 * "Working on a holiday") is a part of the page, not a reading.
 */
function sectionReadings(facts: readonly PassageFact[], input: Inputs): StructuredReading[] {
  const pageText = facts.map((fact) => fact.text).join('\n');
  const bySection = new Map<string, { fact: PassageFact; score: number }>();
  for (const fact of facts) {
    if (fact.row !== undefined || fact.text.endsWith('?')) continue;
    const heading = fact.headings[fact.headings.length - 1];
    if (heading === undefined || fact.headings.length < 2) continue;
    if (!isQualifierHeading(heading, pageText)) continue;
    if (!givesAskedValue(fact.text, input.answerType, input.question)) continue;
    const own = input.coverage.ofText(fact.text);
    if (own === 0) continue;
    const score = input.coverage.ofText(`${sectionText(fact)}\n${fact.text}`);
    const key = fact.headings.join('\u0000');
    const current = bySection.get(key);
    if (current === undefined || score > current.score) bySection.set(key, { fact, score });
  }
  const byParent = new Map<string, StructuredReading[]>();
  for (const { fact, score } of bySection.values()) {
    if (score < input.minimum) continue;
    const parent = fact.headings.slice(0, -1);
    const key = parent.join('\u0000');
    const qualifier = fact.headings[fact.headings.length - 1] ?? '';
    byParent.set(key, [
      ...(byParent.get(key) ?? []),
      {
        passage: fact.passage,
        source: 'section',
        qualifier,
        dimension: parent[parent.length - 1] ?? '',
        value: fact.text,
        answer: fact.text,
        evidence: fact.text,
        score,
      },
    ]);
  }
  const groups = [...byParent.values()].map((group) => {
    const top = topScore(group);
    return parallelTo(group.filter((reading) => reading.score >= top * PARALLEL_SECTIONS));
  });
  return best(groups.filter((group) => group.length >= 2));
}

/**
 * Entries of a definition list, or of a list whose items start with a term ("Austin: 20
 * days", "Premier — 20%"): each term giving the asked value is a reading, when two or more do.
 */
function termReadings(facts: readonly PassageFact[], input: Inputs): StructuredReading[] {
  const bySection = new Map<string, StructuredReading[]>();
  for (const fact of facts) {
    if (fact.kind !== 'item') continue;
    const entry = TERM_ENTRY.exec(fact.text);
    const term = entry?.[1]?.trim() ?? '';
    const value = entry?.[2]?.trim() ?? '';
    if (term === '' || term.split(/\s+/).length > 4 || !/^\p{Lu}/u.test(term)) continue;
    if (!givesAskedValue(value, input.answerType, input.question)) continue;
    const score = input.coverage.ofText(`${sectionText(fact)}\n${fact.text}`);
    if (score < input.minimum) continue;
    const key = fact.headings.join('\u0000');
    bySection.set(key, [
      ...(bySection.get(key) ?? []),
      {
        passage: fact.passage,
        source: 'term',
        qualifier: term,
        dimension: fact.headings[fact.headings.length - 1] ?? '',
        value,
        answer: fact.text,
        evidence: fact.text,
        score,
      },
    ]);
  }
  const groups = [...bySection.values()].map((group) => {
    const top = topScore(group);
    const near = parallelTo(group.filter((reading) => reading.score >= top * PARALLEL_COVERAGE));
    return new Set(near.map((reading) => reading.qualifier)).size === near.length ? near : [];
  });
  return best(groups.filter((group) => group.length >= 2));
}

/**
 * The readings whose statements say the same thing as the best one's, for their own qualifier
 * ("The Dublin office observes 10 public holidays" beside "The Auckland office observes 12"):
 * sharing at least `PARALLEL_WORDING` of the shorter one's words, qualifiers and numbers aside
 * (a longer statement may add an example: "…, including Juneteenth"). Entries
 * about other things under the same heading ("Bengaluru: the PIP letter must be acknowledged")
 * are no readings of the question.
 */
function parallelTo(group: readonly StructuredReading[]): StructuredReading[] {
  const top = group.reduce<StructuredReading | null>(
    (best, reading) => (best === null || reading.score > best.score ? reading : best),
    null,
  );
  if (top === null) return [];
  const wording = (reading: StructuredReading) => {
    const qualifier = new Set(contentStems(reading.qualifier));
    return new Set(
      contentStems(reading.evidence).filter((stem) => !qualifier.has(stem) && !/\d/.test(stem)),
    );
  };
  const model = wording(top);
  return group.filter((reading) => {
    const own = wording(reading);
    const shared = [...own].filter((stem) => model.has(stem)).length;
    const fewer = Math.min(own.size, model.size);
    return fewer === 0 || shared / fewer >= PARALLEL_WORDING;
  });
}

const PARALLEL_WORDING = 0.5;

/** A heading's outline number: "3. ", "6.1 ", "10) ", "Step 2: "; not a year ("2027 rates"). */
const OUTLINE_NUMBER =
  /^(?:(?:step|part|section)\s+\d+[.):]?|\d{1,2}(?:\.\d{1,2})*[.)]|\d{1,2}(?:\.\d{1,2})+)\s+/i;

/** "Term: value" or "Term — value" at the start of a list item. */
const TERM_ENTRY = /^([^:—–]{1,40}?)\s*(?::|\s[—–-]\s)\s*(.+)$/u;

/**
 * A heading naming a qualifier, not a topic: a short name whose words the page writes
 * capitalised inside its sentences ("the Austin office", "the voicemail PIN"), or a code or
 * version ("v2", "P1").
 */
function isQualifierHeading(heading: string, pageText: string): boolean {
  // An outline number ("3. Branch cut", "6.1 Progressive rollout") orders a page's parts; it
  // is no code or version.
  const words = heading
    .replace(OUTLINE_NUMBER, '')
    .split(/\s+/)
    .filter((word) => word !== '');
  if (words.length === 0 || words.length > 4) return false;
  return words.some(
    (word) =>
      /\d/.test(word) ||
      /^\p{Lu}{2,}$/u.test(word) ||
      (/^\p{Lu}\p{Ll}/u.test(word) &&
        new RegExp(`[\\p{L},;] ${escape(word)}\\b`, 'u').test(pageText)),
  );
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The headings above a fact, without the page title (which every fact of the page shares). */
function sectionText(fact: PassageFact): string {
  return fact.headings.filter((heading) => heading !== fact.passage.title).join('\n');
}

/** The group of readings that covers the question best; ties go to the earlier one. */
function best(groups: readonly StructuredReading[][]): StructuredReading[] {
  let chosen: StructuredReading[] = [];
  for (const group of groups) if (topScore(group) > topScore(chosen)) chosen = group;
  return chosen;
}

/**
 * When the question names some readings' qualifiers ("in Ireland", "for the Dublin office",
 * "the voicemail PIN") and not others', those are the only readings. Names count by their
 * words and by the country they stand for ("Dublin" is Irish).
 */
function namedByQuestion(
  readings: readonly StructuredReading[],
  question: string,
): StructuredReading[] {
  const named = readingsNamedIn(readings, question);
  return named.length > 0 && named.length < readings.length ? named : [...readings];
}

/** The readings whose qualifier a text names, by a word only some of them have or by country. */
export function readingsNamedIn<T extends { qualifier: string }>(
  readings: readonly T[],
  text: string,
): T[] {
  const words = new Set(contentStems(text));
  const countries = countriesIn(text);
  const own = readings.map((reading) => new Set(contentStems(reading.qualifier)));
  const shared = new Set(
    [...new Set(own.flatMap((stems) => [...stems]))].filter((stem) =>
      own.every((stems) => stems.has(stem)),
    ),
  );
  const byName = readings.filter((_, index) =>
    [...(own[index] ?? [])].some((stem) => !shared.has(stem) && words.has(stem)),
  );
  if (byName.length > 0) return byName;
  // "Dublin" names the Ireland row only when no row is named by its own words.
  return readings.filter((reading) =>
    [...countriesIn(reading.qualifier)].some((country) => countries.has(country)),
  );
}
