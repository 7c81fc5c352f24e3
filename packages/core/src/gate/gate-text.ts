const EDGE_PUNCTUATION = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

/** A whitespace-separated token of a message, with its surrounding punctuation trimmed. */
export type MessageToken = {
  /** The token as written, punctuation included. */
  raw: string;
  /** The token without leading and trailing punctuation; may be empty. */
  word: string;
  /** The token starts a sentence (first token, or the previous one ended with `.`, `!`, `?`). */
  sentenceStart: boolean;
};

/** Splits a message into whitespace-separated tokens and marks sentence starts. */
export function tokenizeMessage(text: string): MessageToken[] {
  const raws = text.split(/\s+/).filter((raw) => raw !== '');
  return raws.map((raw, index) => ({
    raw,
    word: raw.replace(EDGE_PUNCTUATION, ''),
    sentenceStart: index === 0 || /[.!?:]["')\]]*$/.test(raws[index - 1] ?? ''),
  }));
}

/** The lower-cased words of a message: tokens with a letter or a digit, punctuation trimmed. */
export function messageWords(text: string): string[] {
  return tokenizeMessage(text)
    .map((token) => token.word.toLowerCase())
    .filter((word) => word !== '');
}

/** How many sentences a text has: non-empty stretches ended by `.`, `!` or `?` (at least 1). */
export function countSentences(text: string): number {
  const segments = text.split(/[.!?]+(?=\s|$)/).filter((segment) => /[\p{L}\p{N}]/u.test(segment));
  return Math.max(1, segments.length);
}

/**
 * Coleman–Liau readability in the Adobe paper's per-word form:
 * `5.89·letters/words − 30·sentences/words − 15.8`. Letters are Unicode letters; words are
 * tokens with a letter or digit. A text without words scores 0.
 */
export function colemanLiauIndex(text: string): number {
  const words = messageWords(text).length;
  if (words === 0) return 0;
  const letters = (text.match(/\p{L}/gu) ?? []).length;
  const sentences = countSentences(text);
  return (5.89 * letters) / words - (30 * sentences) / words - 15.8;
}
