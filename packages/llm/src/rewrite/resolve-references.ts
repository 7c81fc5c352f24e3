import { isStopWord } from '@clarify/offline';
import { replaceSpan, splitWords, type MessageWord } from './message-words';
import type { TopicCandidate } from './rank-topics';
import {
  AUXILIARIES,
  DUMMY_IT_FOLLOWERS,
  EXISTENTIAL_THERE_NEIGHBOURS,
  MOTION_VERBS,
  PRONOUN_VERBS,
  SUBJECT_PRONOUNS,
} from './rewrite-words';

/** A referring word or phrase of a message: what it is and where it stands. */
export type Reference = {
  form: 'it' | 'its' | 'them' | 'there' | 'demonstrative' | 'the same';
  start: number;
  end: number;
  /** The reference opens a sentence and is capitalised. */
  capitalised: boolean;
  /** The word before it, lower-case ("get" in "get there"). */
  before: string | null;
};

/**
 * Finds the first word of a message that refers back into the thread: "it", "its", "them",
 * "there", a pronoun "this"/"that" ("how do I request that?", "does this apply …"),
 * "this one"/"that one", or "the same". Dummy and existential uses ("is it possible",
 * "is there"), determiners ("that policy") and conjunctions ("true that I …") are skipped.
 */
export function findReference(message: string): Reference | null {
  const words = splitWords(message);
  for (let index = 0; index < words.length; index++) {
    const reference = referenceAt(words, index);
    if (reference !== null) return reference;
  }
  return null;
}

function referenceAt(words: readonly MessageWord[], index: number): Reference | null {
  const word = words[index];
  if (word === undefined) return null;
  const previous = words[index - 1];
  const next = words[index + 1];
  const nextWord = next?.joinedToPrevious === true ? next.lower : null;
  const make = (form: Reference['form'], last: MessageWord): Reference => ({
    form,
    start: word.start,
    end: last.end,
    capitalised: /^\p{Lu}/u.test(word.raw),
    before: previous?.lower ?? null,
  });
  switch (word.lower) {
    case 'it':
      return nextWord !== null && DUMMY_IT_FOLLOWERS.has(nextWord) ? null : make('it', word);
    case 'its':
      return make('its', word);
    case 'them':
      return make('them', word);
    case 'there': {
      const existential =
        (nextWord !== null && EXISTENTIAL_THERE_NEIGHBOURS.has(nextWord)) ||
        (previous !== undefined && EXISTENTIAL_THERE_NEIGHBOURS.has(previous.lower));
      return existential ? null : make('there', word);
    }
    case 'the':
      return nextWord === 'same' && next !== undefined && !isNounAfter(words[index + 2])
        ? make('the same', next)
        : null;
    case 'this':
    case 'that': {
      if (nextWord === 'one' && next !== undefined) return make('demonstrative', next);
      return isPronounDemonstrative(previous, nextWord) ? make('demonstrative', word) : null;
    }
    default:
      return null;
  }
}

function isPronounDemonstrative(
  previous: MessageWord | undefined,
  nextWord: string | null,
): boolean {
  if (nextWord === null) return true;
  if (SUBJECT_PRONOUNS.has(nextWord)) return false;
  if (isStopWord(nextWord) || AUXILIARIES.has(nextWord)) return true;
  return previous !== undefined && AUXILIARIES.has(previous.lower) && PRONOUN_VERBS.has(nextWord);
}

function isNounAfter(word: MessageWord | undefined): boolean {
  if (word?.joinedToPrevious !== true) return false;
  const lower = word.lower;
  return (
    !isStopWord(lower) &&
    !AUXILIARIES.has(lower) &&
    !PRONOUN_VERBS.has(lower) &&
    !DUMMY_IT_FOLLOWERS.has(lower)
  );
}

/**
 * Replaces the first reference of a message with the most salient fitting topic: "there"
 * only with a name ("in Rotterdam", "to Rotterdam" after a verb of motion), any other
 * reference with the best non-title topic (a cited title when nothing else is known).
 * Returns null when the message has no reference or no topic fits.
 */
export function resolveReferences(
  message: string,
  candidates: readonly TopicCandidate[],
): string | null {
  const reference = findReference(message);
  if (reference === null) return null;
  const topic =
    reference.form === 'there'
      ? candidates.find((candidate) => candidate.kind === 'name')
      : (candidates.find((candidate) => candidate.kind !== 'title') ?? candidates[0]);
  if (topic === undefined) return null;
  let replacement = `${topic.takesThe ? 'the ' : ''}${topic.text}`;
  if (reference.form === 'its') replacement = `${replacement}'s`;
  if (reference.form === 'there') {
    const motion = reference.before !== null && MOTION_VERBS.has(reference.before);
    replacement = `${motion ? 'to' : 'in'} ${topic.text}`;
  }
  if (reference.capitalised) replacement = upperFirst(replacement);
  return replaceSpan(message, reference.start, reference.end, replacement);
}

function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
