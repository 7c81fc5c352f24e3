import { satisfiesAnswerType, type AnswerType } from './answer-type';

/**
 * Whether a text gives a value of the asked-for type beyond what the question itself says:
 * "… and as Warden Hodges in Dad's Army (2016)" names nobody new for "who played Warden Hodges
 * in Dad's Army?", and "2017" is no answer to "when … in 2017?". Only the question's names and
 * numbers are masked, so "the IT team" still answers "which team handles …".
 */
export function givesAskedValue(text: string, type: AnswerType, question: string): boolean {
  if (!satisfiesAnswerType(text, type)) return false;
  const asked = askedWordsPattern(question);
  if (asked === null) return true;
  const masked = text.replace(asked, (word) => (/^[\p{Lu}\p{N}]/u.test(word) ? '_' : word));
  return satisfiesAnswerType(masked, type);
}

const patterns = new Map<string, RegExp | null>();

/** The question's words as one whole-word, case-insensitive pattern (cached per question). */
function askedWordsPattern(question: string): RegExp | null {
  let pattern = patterns.get(question);
  if (pattern !== undefined) return pattern;
  const words = [...new Set(question.toLowerCase().match(/\p{L}[\p{L}\p{N}'’]*|\p{N}+/gu) ?? [])];
  pattern =
    words.length === 0
      ? null
      : new RegExp(
          `(?<![\\p{L}\\p{N}])(?:${words.map(escapeRegExp).join('|')})(?![\\p{L}\\p{N}])`,
          'giu',
        );
  if (patterns.size >= 256) patterns.clear();
  patterns.set(question, pattern);
  return pattern;
}

function escapeRegExp(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
