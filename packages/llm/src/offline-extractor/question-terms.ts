import { stem } from '../offline/stem';
import { isStopWord } from '../offline/stop-words';
import { tokenize } from '../offline/tokenize';

/** Words that shape a question but say nothing about its topic. */
const QUESTION_WORDS: ReadonlySet<string> = new Set(
  `many much long get got need want know tell find please thanks thank does work way
  anyone someone somebody happen happens supposed allowed able`.split(/\s+/),
);

/** The stems of a text's content words (no stop words), in order of first appearance. */
export function contentStems(text: string): string[] {
  const stems = tokenize(text)
    .filter((token) => !isStopWord(token))
    .map(stem);
  return [...new Set(stems)];
}

/** The stems a question is about: its content words minus generic question words. */
export function questionStems(question: string): string[] {
  return contentStems(question).filter((term) => !QUESTION_WORDS.has(term));
}
