import type { MessageToken } from './gate-text';
import { FUNCTION_WORDS } from './gate-words';
import { ENTITY_TOKEN } from './mask-entities';

const SENTENCE_STARTERS: ReadonlySet<string> = new Set(
  (
    'tell show give explain list find send help need want get make let describe compare check ' +
    'confirm remind know thanks thank hello quick sorry great cool sure any anyone anybody who ' +
    'where can could would why okay ok yes no hmm also just btw fyi actually follow'
  ).split(' '),
);

/**
 * Whether a token is (part of) a proper name: capitalised and not `I`; at a sentence start only
 * when it is not a function word or a usual opener ("Tell", "Thanks"). Acronyms always count.
 */
export function isNameToken(token: MessageToken): boolean {
  const word = token.word;
  if (!/^\p{Lu}/u.test(word) || word === 'I' || word === ENTITY_TOKEN || /^I['’]/.test(word))
    return false;
  if (/^\p{Lu}{2,}s?$/u.test(word)) return word !== 'OK';
  if (!token.sentenceStart) return true;
  const lower = word.toLowerCase();
  return !FUNCTION_WORDS.has(lower) && !SENTENCE_STARTERS.has(lower);
}

/** Runs of consecutive name tokens (`start` inclusive, `end` exclusive), e.g. "Tom Coburn". */
export function findNameSpans(tokens: readonly MessageToken[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  tokens.forEach((token, index) => {
    if (!isNameToken(token)) return;
    const last = spans[spans.length - 1];
    const previous = tokens[index - 1];
    if (last !== undefined && last.end === index && !/[.!?,;:]$/.test(previous?.raw ?? ''))
      last.end = index + 1;
    else spans.push({ start: index, end: index + 1 });
  });
  return spans;
}

/** How many names a message mentions (capitalised spans, acronyms). */
export function countNameSpans(tokens: readonly MessageToken[]): number {
  return findNameSpans(tokens).length;
}
