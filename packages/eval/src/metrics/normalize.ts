const APOSTROPHES = /['\u2018\u2019\u02bc]/gu;
const PUNCTUATION_OR_SYMBOL = /[\p{P}\p{S}]/gu;
const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * Normalises a string for answer matching (BENCHMARK-FORMAT "Normalisation"): lower-case, drop
 * punctuation, drop the articles a/an/the, fold spaces.
 *
 * NFKC first, so full-width digits and ligatures compare equal to their plain forms. Apostrophes
 * vanish ("don't" → "dont") but other punctuation and symbols become a space rather than nothing:
 * "id.example.com/reset" keeps the words of "id.example.com", and "1.5 days" does not turn into
 * "15 days". Letters and digits of every script are kept.
 */
export function normalize(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(APOSTROPHES, '')
    .replace(PUNCTUATION_OR_SYMBOL, ' ')
    .split(/\s+/u)
    .filter((word) => word !== '' && !ARTICLES.has(word))
    .join(' ');
}

/**
 * Whether normalised `text` contains normalised `phrase` as whole words, so "5 days" is not found
 * in "15 days". An empty phrase (an alias that was only punctuation or articles) is never found:
 * it would otherwise match everything.
 */
export function containsPhrase(text: string, phrase: string): boolean {
  if (phrase === '') return false;
  return ` ${text} `.includes(` ${phrase} `);
}

/** Whether normalised `text` contains any of the normalised `phrases` (see `containsPhrase`). */
export function containsAnyPhrase(text: string, phrases: readonly string[]): boolean {
  return phrases.some((phrase) => containsPhrase(text, phrase));
}
