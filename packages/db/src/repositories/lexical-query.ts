const MAX_TERMS = 32;

/**
 * A `to_tsquery` expression that ORs the words of a free-text question, so that a passage
 * matching some of them still ranks (AND semantics would drop most natural questions).
 * Only letters and digits survive, so the result is always valid tsquery syntax.
 */
export function toLexicalQuery(text: string): string {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const unique = [...new Set(words)].slice(0, MAX_TERMS);
  return unique.join(' | ');
}
