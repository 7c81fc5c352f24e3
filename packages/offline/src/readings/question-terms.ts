import { stem } from '../text/stem';
import { isStopWord } from '../text/stop-words';
import { tokenize } from '../text/tokenize';
import { baseForm } from './base-form';

/** The matching stem of a token: its base verb form, suffix-stemmed. */
export const termStem = (token: string) => stem(baseForm(token));

/** Words that shape a question but say nothing about its topic. */
const QUESTION_WORDS: ReadonlySet<string> = new Set(
  `many much long get got need want know tell find please thanks thank does work way
  anyone someone somebody whoever whatever happen happens supposed allowed able
  last lasts take takes come comes go goes often frequently quickly usually typically
  currently now still exactly actually`.split(/\s+/),
);

/** The stems of a text's content words (no stop words), in order of first appearance. */
export function contentStems(text: string): string[] {
  const stems = tokenize(text)
    .filter((token) => !isStopWord(token))
    .map(termStem);
  return [...new Set(stems)];
}

/**
 * The noun after "which"/"what" that names the kind of answer ("on which day", "what time"):
 * the answer fills it with a value ("the 25th"), so a passage need not repeat the word.
 */
const ANSWER_TYPE_HEAD =
  /\b(?:which|what)\s+(day|date|time|year|month|week|hour|number|amount|percentage|person|team|url|address)s?\b/gi;

/** The stems a question is about: its content words minus generic question words. */
export function questionStems(question: string): string[] {
  return [...new Set(questionSequence(question))];
}

function questionSequence(question: string): string[] {
  return questionWords(question).map(termStem);
}

/** The question's content words as written (lower-cased, not stemmed), in order. */
export function questionWords(question: string): string[] {
  // A single letter ("m. p", the "s" of "Jackson's") names no topic.
  return tokenize(question.replace(ANSWER_TYPE_HEAD, ' ')).filter(
    (token) => token.length > 1 && !isStopWord(token) && !QUESTION_WORDS.has(token),
  );
}
