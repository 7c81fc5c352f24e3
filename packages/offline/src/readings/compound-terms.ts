import { questionWords, termStem } from './question-terms';

const MIN_PART = 3;

/** A term of the question: its stem, and the word it is written as (to count it elsewhere). */
export type QuestionTerm = { term: string; word: string };

/** The question's terms as written, one per stem, in order. */
export function writtenTerms(question: string): QuestionTerm[] {
  return distinct(questionWords(question).map((word) => ({ term: termStem(word), word })));
}

/**
 * The question's terms as the passages write them: a compound no passage has is matched by its
 * parts when one passage has both ("payday" as "pay" + "day"), and two adjacent words no passage
 * has by their compound when one has it ("gum trees" as "Gumtrees"). One per stem, in order; a
 * word matched neither way stays as it is. `stemSets` are the passages' stems.
 */
export function compoundAwareTerms(
  question: string,
  stemSets: ReadonlyArray<ReadonlySet<string>>,
): QuestionTerm[] {
  const known = { has: (term: string) => stemSets.some((stems) => stems.has(term)) };
  const words = questionWords(question);
  const terms: QuestionTerm[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const own = termStem(word);
    if (known.has(own)) {
      terms.push({ term: own, word });
      continue;
    }
    const next = words[index + 1];
    if (next !== undefined && !known.has(termStem(next)) && known.has(termStem(word + next))) {
      terms.push({ term: termStem(word + next), word: word + next });
      index += 1;
      continue;
    }
    terms.push(...(splitCompound(word, stemSets) ?? [{ term: own, word }]));
  }
  return distinct(terms);
}

function distinct(terms: readonly QuestionTerm[]): QuestionTerm[] {
  const seen = new Set<string>();
  return terms.filter(({ term }) => !seen.has(term) && seen.add(term));
}

/** The two parts a word is made of that one passage holds ("payday" → "pay", "day"), or null. */
function splitCompound(
  word: string,
  stemSets: ReadonlyArray<ReadonlySet<string>>,
): [QuestionTerm, QuestionTerm] | null {
  if (!/^\p{L}+$/u.test(word)) return null;
  for (let at = MIN_PART; at <= word.length - MIN_PART; at += 1) {
    const left = { term: termStem(word.slice(0, at)), word: word.slice(0, at) };
    const right = { term: termStem(word.slice(at)), word: word.slice(at) };
    if (stemSets.some((stems) => stems.has(left.term) && stems.has(right.term)))
      return [left, right];
  }
  return null;
}
