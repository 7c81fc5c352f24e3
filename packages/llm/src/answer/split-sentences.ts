import { splitSentencesAt } from '@clarify/core';

/**
 * A break between sentences: whitespace after terminal punctuation (and any closing quote or
 * citation markers that follow it), before something that is not itself a marker.
 */
const SENTENCE_BREAK = /(?<=[.!?…]["'”’)]*(?:\s*\[[\d\s,;]+\])*)\s+(?=[^\s[])/u;
const LINE_PREFIX = /^\s*(?:[-*+•]|\d{1,3}[.)]|>|#{1,6})\s+/;

/** One line of an answer: its list, quote or heading prefix and its sentences. */
export type AnswerLine = { prefix: string; sentences: string[] };

/**
 * Splits answer text into lines and each line into sentences, keeping list bullets and
 * numbering apart so a line can be rebuilt from the sentences that survive. Blank lines become
 * lines without sentences.
 */
export function splitAnswerLines(text: string): AnswerLine[] {
  return text.split(/\r?\n/).map((line) => {
    const prefix = LINE_PREFIX.exec(line)?.[0] ?? '';
    const body = line.slice(prefix.length).trim();
    const sentences =
      body === '' ? [] : splitSentencesAt(body, SENTENCE_BREAK).map((part) => part.trim());
    return { prefix: prefix.trimStart(), sentences: sentences.filter((part) => part !== '') };
  });
}
