import type { Interpretation, Passage } from '@clarify/core';
import { contentStems, isLabel, pageFacts, questionStems, tokenize } from '@clarify/offline';

/** A sentence (or list item, or table row) taken from a passage, with that passage's index. */
export type PickedSentence = { text: string; passageIndex: number };

type Unit = {
  text: string;
  key: string;
  stems: ReadonlySet<string>;
  passageIndex: number;
  /** A table row: the other rows of its table are other readings, not more of this answer. */
  row: boolean;
};

const SEARCHED_PASSAGES = 3;
/** A bullet; a step's number is kept ("1. Open Workday"). */
const LIST_MARKER = /^[-*+•]\s+/;

/**
 * The offline stage 8: the best 1–`maxSentences` sentences for an interpretation, from its
 * passages only. The sentences holding the stored answer and evidence come first (when they can
 * be found in a passage), then sentences of the top passages sharing the most content words
 * with the question and the interpretation. No sentence is repeated, none is a question.
 */
export function pickSentences(input: {
  question: string;
  interpretation: Interpretation;
  passages: readonly Passage[];
  maxSentences: number;
}): PickedSentence[] {
  const { interpretation, passages } = input;
  // Facts, not headings or label lines ("Notice period"): those are never an answer.
  const units = passages.map((passage, passageIndex) =>
    pageFacts(passage.text)
      .filter((fact) => !isLabel(fact.text))
      // A procedure's steps keep their numbers: "1. Go to … 2. Verify …".
      .map((fact) =>
        toUnit(
          fact.step === undefined ? fact.text : `${fact.step}. ${fact.text}`,
          passageIndex,
          fact.kind === 'row',
        ),
      ),
  );
  const picked: Unit[] = [];
  const add = (unit: Unit, limit = input.maxSentences): void => {
    if (picked.length < limit && !picked.some((other) => overlaps(other, unit))) {
      picked.push(unit);
    }
  };

  // The stored answer is kept whole, however many sentences its paragraph has; the limit is on
  // the sentences added to it.
  for (const stored of storedTexts(interpretation)) {
    for (const unit of locate(stored, passages, units)) add(unit, Number.POSITIVE_INFINITY);
  }
  // A reading read off a table states its value first ("Ireland — Notice period: one month."),
  // cited with the row it comes from; the row itself then adds nothing.
  const stated = statedFromRow(interpretation, picked);
  if (stated !== null) picked.splice(0, picked.length, stated);

  // Words of the question count twice those only the interpretation adds: the answer to "how
  // do I reset my password" says "reset password", the interpretation's "VPN" only narrows it.
  const asked = new Set(questionStems(input.question));
  const narrowing = new Set(
    questionStems(interpretation.interpretation).filter((term) => !asked.has(term)),
  );
  const narrows = (unit: Unit): boolean => [...unit.stems].some((term) => narrowing.has(term));
  const scoreOf = (unit: Unit): number =>
    [...unit.stems].reduce(
      (sum, term) => sum + (asked.has(term) ? 2 : narrowing.has(term) ? 1 : 0),
      0,
    );
  const scored = units
    .slice(0, SEARCHED_PASSAGES)
    .flat()
    .filter((unit) => !unit.text.endsWith('?'))
    .map((unit) => ({ unit, score: scoreOf(unit) }))
    .filter(({ score }) => score > 0)
    // Stable sort: ties keep passage order, then sentence order.
    .sort((left, right) => right.score - left.score);
  const best = scored[0]?.score ?? 0;
  // Alone, the best sentence needs one shared word; next to others, 60 % of the best score.
  const minimum = picked.length === 0 && best < 3 ? best : Math.max(3, Math.ceil(best * 0.6));
  // When the lead sentence names what this reading is about ("Boston: 20 days"), the others must
  // too: the Rotterdam row of the same table answers another reading.
  const lead = picked[0] ?? scored[0]?.unit;
  const mustNarrow = lead !== undefined && narrows(lead);
  // A row leads: the other rows of its table are other readings, not more of this answer.
  const rowLeads = stated !== null || picked[0]?.row === true;
  for (const { unit, score } of scored) {
    if (rowLeads && unit.row) continue;
    if (score >= minimum && (!mustNarrow || narrows(unit))) add(unit);
  }

  return picked.map((unit) => ({ text: unit.text, passageIndex: unit.passageIndex }));
}

/** The stored answer and evidence, the shorter dropped when the longer contains it. */
function storedTexts(interpretation: Interpretation): string[] {
  const answer = keyOf(interpretation.answer);
  const evidence = keyOf(interpretation.evidence);
  if (answer === '') return evidence === '' ? [] : [interpretation.evidence];
  if (evidence === '' || containsKey(evidence, answer)) {
    return [evidence === '' ? interpretation.answer : interpretation.evidence];
  }
  if (containsKey(answer, evidence)) return [interpretation.answer];
  return [interpretation.answer, interpretation.evidence];
}

/**
 * The units of the first passage that holds `stored`: the unit containing it when it is a
 * fragment ("20 days"), else the units it spans. Nothing when no passage holds it: a stored text
 * that cannot be found is not cited.
 */
function locate(
  stored: string,
  passages: readonly Passage[],
  units: readonly (readonly Unit[])[],
): Unit[] {
  const key = keyOf(stored);
  // A table row is stored as it reads on its own ("City: Rotterdam; Cap per night: €200"),
  // not as the page's Markdown has it.
  const row = units.flat().find((unit) => unit.row && containsKey(unit.key, key));
  if (row !== undefined) return [row];
  const index = passages.findIndex((passage) => containsKey(keyOf(passage.text), key));
  const candidates = units[index] ?? [];
  const containing = candidates.find((unit) => containsKey(unit.key, key));
  if (containing !== undefined) return [containing];
  return candidates.filter((unit) => unit.key !== '' && containsKey(key, unit.key));
}

function toUnit(raw: string, passageIndex: number, row = false): Unit {
  const text = raw.replace(LIST_MARKER, '');
  return { text, key: keyOf(text), stems: new Set(contentStems(text)), passageIndex, row };
}

/**
 * The stored answer as the lead, when it states a value read off the table row picked as its
 * evidence (the answer is not in the page's words, the row is), cited with that row's passage.
 */
function statedFromRow(interpretation: Interpretation, picked: readonly Unit[]): Unit | null {
  const [row] = picked;
  if (picked.length !== 1 || row === undefined || !row.row) return null;
  const answer = keyOf(interpretation.answer);
  if (answer === '' || answer === row.key) return null;
  const value = keyOf(interpretation.answer.replace(/^.*:\s*/, ''));
  if (value === '' || !containsKey(row.key, value)) return null;
  return { ...toUnit(interpretation.answer, row.passageIndex), row: true };
}

/** Text as a comparison key: its tokens, space-separated (case, markup and punctuation gone). */
function keyOf(text: string): string {
  return tokenize(text).join(' ');
}

/** Whether a key holds another as whole tokens ("20" is not in "2024"). */
function containsKey(haystack: string, needle: string): boolean {
  return ` ${haystack} `.includes(` ${needle} `);
}

/** Whether two units say the same thing: one contains the other, or nearly the same words. */
function overlaps(left: Unit, right: Unit): boolean {
  if (containsKey(left.key, right.key) || containsKey(right.key, left.key)) return true;
  const shared = [...left.stems].filter((term) => right.stems.has(term)).length;
  const union = new Set([...left.stems, ...right.stems]).size;
  return union > 0 && shared / union >= 0.8;
}
