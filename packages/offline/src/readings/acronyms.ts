import { stem } from '../text/stem';
import { tokenize } from '../text/tokenize';

/** An acronym of the question: its letters, and the stem it is matched as. */
export type Acronym = { letters: string; stem: string };

/** Small words an expansion may hold that its acronym leaves out ("United States of America"). */
const SKIPPED = new Set(['of', 'and', 'the', 'for', 'de', 'in', 'on']);

/**
 * Function words that never stand for a letter of an acronym: "people to one office" does not
 * spell out PTO. ("off" of "paid time off" and the "I" of "World War I" still do.)
 */
const NEVER_INITIALS = new Set(
  `to a an is are be was were it at by as or if so we you he she they this that these those with
  from into not no can will do does did your our their its his her my me us them than then`.split(
    /\s+/,
  ),
);

/**
 * The acronyms a question uses: words of 2–6 capital letters, a trailing plural "s" allowed
 * ("PTO", "WWI", "PRs").
 */
export function questionAcronyms(question: string): Acronym[] {
  const found = new Map<string, Acronym>();
  for (const match of question.matchAll(/\b([A-Z]{2,6})s?\b/g)) {
    const letters = (match[1] ?? '').toLowerCase();
    if (!found.has(letters)) found.set(letters, { letters, stem: stem(letters) });
  }
  return [...found.values()];
}

/**
 * Whether a text spells an acronym out: consecutive words whose initials are its letters,
 * small words skipped ("paid time off" for PTO, "World War I" for WWI, "United States of
 * America" for USA).
 */
export function spellsOut(text: string, acronym: Acronym): boolean {
  const words = tokenize(text);
  const letters = acronym.letters;
  for (let start = 0; start < words.length; start += 1) {
    const first = words[start] ?? '';
    if (first[0] !== letters[0] || NEVER_INITIALS.has(first)) continue;
    let matched = 1;
    for (let index = start + 1; index < words.length && matched < letters.length; index += 1) {
      const word = words[index] ?? '';
      if (word[0] === letters[matched] && !NEVER_INITIALS.has(word)) matched += 1;
      else if (!SKIPPED.has(word)) break;
    }
    if (matched === letters.length) return true;
  }
  return false;
}

/** `stems` plus the stem of every acronym that `text` spells out. */
export function withSpelledOut(
  stems: Set<string>,
  text: string,
  acronyms: readonly Acronym[],
): Set<string> {
  for (const acronym of acronyms) {
    if (!stems.has(acronym.stem) && spellsOut(text, acronym)) stems.add(acronym.stem);
  }
  return stems;
}
