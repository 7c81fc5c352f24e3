import { ClarifyError } from '@clarify/core';
import type { GateHistoryTurn } from '@clarify/core';
import { contentWords, fnv1a, wordsOf } from '@clarify/core';

/** One CANARD example (Elgohary et al. 2019), with the fields renamed. */
export type CanardItem = {
  /** Wikipedia article title, section title, then alternating earlier questions and answers. */
  history: string[];
  question: string;
  /** The gold self-contained rewrite. */
  rewrite: string;
  dialogId: string;
  questionNumber: number;
};

/** Which half of CANARD dev an item belongs to: decided by its dialogue, never per question. */
export type CanardHalf = 'train' | 'evaluation';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads CANARD's `dev.json` (an array of objects); throws on a malformed entry. */
export function parseCanardItems(json: unknown): CanardItem[] {
  if (!Array.isArray(json))
    throw new ClarifyError('parse_failed', 'CANARD data must be a JSON array');
  return json.map((entry: unknown, index) => {
    if (
      !isRecord(entry) ||
      !Array.isArray(entry.History) ||
      !entry.History.every((turn) => typeof turn === 'string') ||
      typeof entry.Question !== 'string' ||
      typeof entry.Rewrite !== 'string' ||
      typeof entry.QuAC_dialog_id !== 'string' ||
      typeof entry.Question_no !== 'number'
    )
      throw new ClarifyError('parse_failed', `CANARD entry ${index} is malformed`);
    return {
      history: entry.History,
      question: entry.Question,
      rewrite: entry.Rewrite,
      dialogId: entry.QuAC_dialog_id,
      questionNumber: entry.Question_no,
    };
  });
}

/**
 * The project's split of CANARD dev: FNV-1a of the QuAC dialogue id, even → `train`, odd →
 * `evaluation`. All questions of a dialogue land in the same half.
 */
export function canardHalf(dialogId: string): CanardHalf {
  return fnv1a(dialogId) % 2 === 0 ? 'train' : 'evaluation';
}

function withinOneEdit(left: string, right: string): boolean {
  if (Math.abs(left.length - right.length) > 1) return false;
  let start = 0;
  while (start < left.length && left[start] === right[start]) start++;
  let leftEnd = left.length;
  let rightEnd = right.length;
  while (leftEnd > start && rightEnd > start && left[leftEnd - 1] === right[rightEnd - 1]) {
    leftEnd--;
    rightEnd--;
  }
  return leftEnd - start <= 1 && rightEnd - start <= 1;
}

/**
 * Content words the rewrite adds to the question: in the rewrite, nowhere in the question, and
 * not a one-edit spelling fix of a question word of five letters or more.
 */
export function addedContentWords(question: string, rewrite: string): string[] {
  const asked = wordsOf(question).map(({ word }) => word);
  const askedSet = new Set(asked);
  const added = contentWords(rewrite).filter(
    (word) =>
      !askedSet.has(word) &&
      !(word.length >= 5 && asked.some((original) => withinOneEdit(original, word))),
  );
  return [...new Set(added)];
}

const REFERRING_WORDS: ReadonlySet<string> = new Set(
  'he him his she her hers they them their theirs it its this that these those'.split(' '),
);

function countReferringWords(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of text.toLowerCase().match(/[\p{L}]+/gu) ?? [])
    if (REFERRING_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Referring words (pronouns, demonstratives) of the question that the rewrite resolved away. */
export function resolvedReferences(question: string, rewrite: string): string[] {
  const after = countReferringWords(rewrite);
  return [...countReferringWords(question)]
    .filter(([word, count]) => (after.get(word) ?? 0) < count)
    .map(([word]) => word);
}

/**
 * The detection label of a CANARD item: the question depends on its history when the gold
 * rewrite adds at least one content word to it (a name, a noun, a number: what the history had
 * to supply), or resolves one of its pronouns or demonstratives (he, she, it, they, this, that,
 * … occurs fewer times in the rewrite). A rewrite that only changes case, punctuation or other
 * function words, or fixes a typo, leaves the question self-contained.
 */
export function canardDependsOnHistory(question: string, rewrite: string): boolean {
  return (
    addedContentWords(question, rewrite).length > 0 ||
    resolvedReferences(question, rewrite).length > 0
  );
}

/**
 * CANARD's history as chat turns: the article and section titles as the opening user message
 * (the thread's topic), then earlier questions (user) and answers (assistant) alternately.
 */
export function canardHistoryTurns(item: CanardItem): GateHistoryTurn[] {
  const [title = '', section = '', ...exchanges] = item.history;
  const topic = [title, section].filter((part) => part !== '').join(': ');
  return [
    ...(topic === '' ? [] : [{ role: 'user' as const, text: topic }]),
    ...exchanges.map((text, index) => ({
      role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
      text,
    })),
  ];
}

/**
 * The detection items of one half of CANARD: each question with its history as chat turns and
 * the label of `canardDependsOnHistory`. This is what `clarify eval-gate` and the tests score.
 */
export function canardGateItems(
  items: readonly CanardItem[],
  half: CanardHalf,
): { message: string; history: GateHistoryTurn[]; dependsOnHistory: boolean }[] {
  return items
    .filter((item) => canardHalf(item.dialogId) === half)
    .map((item) => ({
      message: item.question,
      history: canardHistoryTurns(item),
      dependsOnHistory: canardDependsOnHistory(item.question, item.rewrite),
    }));
}
