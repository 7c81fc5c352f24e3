import { stem } from '../text/stem';
import { isStopWord } from '../text/stop-words';
import { tokenize } from '../text/tokenize';

/** Capitalised words that start questions or name nothing in particular. */
const GENERIC_CAPITALS: ReadonlySet<string> = new Set(
  `i i'm im what whats what's which who whom whose when where why how can could do does did is
  are was were will would should may might shall hey hi hello please thanks ok okay`.split(/\s+/),
);

/**
 * The words that pin a question to one thing: names (capitalised words that do not start the
 * question), ids and versions (tokens with digits, "v3", "SEV1", "P1") and dotted or capitalised
 * hyphenated identifiers ("id.example.com", "NWL-Guest"). As stems, for matching against
 * passages. A passage that lacks one of them answers some other question ("the Boston policy"
 * for a question about Rotterdam).
 */
export function specificTerms(question: string): string[] {
  const terms = new Set<string>();
  // "|" joins alternative phrasings: what follows it starts a question again.
  const words = question.split(/(?<=\|)|\s+/).filter((word) => word !== '');
  words.forEach((raw, index) => {
    const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
    if (word === '' || GENERIC_CAPITALS.has(word.toLowerCase())) return;
    const startsSentence = index === 0 || /[.!?:—|]$/.test(words[index - 1] ?? '');
    const named = /^\p{Lu}/u.test(word) && !startsSentence;
    // Hyphenated identifiers have a capital ("NWL-Guest"); "co-wrote" and "on-call" are words.
    const identifier =
      /\d/.test(word) ||
      /[\p{L}\p{N}][_.][\p{L}\p{N}]/u.test(word) ||
      (/[\p{L}\p{N}]-[\p{L}\p{N}]/u.test(word) && /\p{Lu}/u.test(word));
    if (!named && !identifier) return;
    // Capitalised small words of a title ("The Girl with the Dragon Tattoo") name nothing, and
    // passages are matched without them.
    for (const token of tokenize(word)) if (!isStopWord(token)) terms.add(stem(token));
  });
  return [...terms];
}
