const ARTICLES = new Set(['a', 'an', 'the']);

/**
 * An answer reduced for equality checks: lower-cased, punctuation removed, the articles
 * "a", "an" and "the" dropped, whitespace collapsed. "The 25 days." and "25 days" are equal.
 */
export function normalizeAnswer(answer: string): string {
  return answer
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\p{P}+/gu, '')
    .split(/\s+/u)
    .filter((word) => word !== '' && !ARTICLES.has(word))
    .join(' ');
}
