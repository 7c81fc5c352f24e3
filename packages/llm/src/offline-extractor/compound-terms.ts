import { questionWords, termStem } from './question-terms';

const MIN_PART = 3;

/**
 * The question's terms as the passages write them: a compound no passage has is matched by its
 * parts when one passage has both ("payday" as "pay" + "day"), and two adjacent words no passage
 * has by their compound when one has it ("gum trees" as "Gumtrees"). Stems, deduplicated, in
 * order; a word matched neither way stays as it is. `stemSets` are the passages' stems.
 */
export function compoundAwareTerms(
  question: string,
  stemSets: ReadonlyArray<ReadonlySet<string>>,
): string[] {
  const known = { has: (term: string) => stemSets.some((stems) => stems.has(term)) };
  const words = questionWords(question);
  const terms: string[] = [];
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    const own = termStem(word);
    if (known.has(own)) {
      terms.push(own);
      continue;
    }
    const next = words[index + 1];
    if (next !== undefined && !known.has(termStem(next)) && known.has(termStem(word + next))) {
      terms.push(termStem(word + next));
      index += 1;
      continue;
    }
    terms.push(...(splitCompound(word, stemSets) ?? [own]));
  }
  return [...new Set(terms)];
}

/** The two parts a word is made of that one passage holds ("payday" → "pay", "day"), or null. */
function splitCompound(
  word: string,
  stemSets: ReadonlyArray<ReadonlySet<string>>,
): [string, string] | null {
  if (!/^\p{L}+$/u.test(word)) return null;
  for (let at = MIN_PART; at <= word.length - MIN_PART; at += 1) {
    const left = termStem(word.slice(0, at));
    const right = termStem(word.slice(at));
    if (stemSets.some((stems) => stems.has(left) && stems.has(right))) return [left, right];
  }
  return null;
}
