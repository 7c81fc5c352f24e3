import { FUNCTION_WORDS } from './gate-words';

/** A word normalised for comparison: lower case, no possessive, no plural `s`. */
export function normaliseWord(word: string): string {
  const lower = word
    .toLowerCase()
    .replace(/['’]s$/, '')
    .replace(/['’]$/, '');
  return lower.length > 3 && /[^s]s$/.test(lower) ? lower.slice(0, -1) : lower;
}

export function wordsOf(text: string): { word: string; capitalised: boolean }[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((match) => ({
    word: normaliseWord(match[0]),
    capitalised: (match.index ?? 0) > 0 && /^\p{Lu}/u.test(match[0]),
  }));
}

/**
 * The content words of a text, normalised: function words and punctuation dropped, except a
 * capitalised function word inside the text, which is part of a name ("the band Yes").
 */
export function contentWords(text: string): string[] {
  return wordsOf(text)
    .filter(({ word, capitalised }) => word !== '' && (capitalised || !FUNCTION_WORDS.has(word)))
    .map(({ word }) => word);
}
