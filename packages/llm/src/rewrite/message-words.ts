/** A word of a message with its position, as the offline rewriter sees it. */
export type MessageWord = {
  /** The word as written, trailing punctuation and a possessive "'s" removed. */
  raw: string;
  lower: string;
  start: number;
  end: number;
  /** First word of the text or of a sentence. */
  sentenceStart: boolean;
  /** Only white space separates this word from the previous one. */
  joinedToPrevious: boolean;
};

const WORD = /[\p{L}\p{N}$€£#][\p{L}\p{N}._:\-/@'’]*/gu;
const TRAILING = /[._:\-/@'’]+$/;
const POSSESSIVE = /['’]s$/i;
const PRONOUN_CONTRACTION = /^(?:it|that|there|what|who|he|she)['’]s$/i;

/**
 * Splits a message into words with their offsets, keeping identifiers whole ("ABC-123",
 * "v3.2", "build_42") and marking sentence starts, so that spans can be replaced in place.
 */
export function splitWords(text: string): MessageWord[] {
  const words: MessageWord[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(WORD)) {
    let raw = match[0].replace(TRAILING, '');
    if (POSSESSIVE.test(raw) && !PRONOUN_CONTRACTION.test(raw)) raw = raw.slice(0, -2);
    if (raw === '') continue;
    const start = match.index;
    const gap = text.slice(previousEnd, start);
    const first = words.length === 0;
    words.push({
      raw,
      lower: raw.toLowerCase(),
      start,
      end: start + raw.length,
      sentenceStart: first || /[.!?\n]/.test(gap),
      joinedToPrevious: !first && /^\s+$/.test(gap),
    });
    previousEnd = start + raw.length;
  }
  return words;
}

/** Replaces `text.slice(start, end)` with `replacement`. */
export function replaceSpan(text: string, start: number, end: number, replacement: string): string {
  return `${text.slice(0, start)}${replacement}${text.slice(end)}`;
}
