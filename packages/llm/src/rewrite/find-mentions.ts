import { maskEntities, type EntityKind } from '@clarify/core';
import { isStopWord } from '@clarify/offline';
import { splitWords, type MessageWord } from './message-words';
import { DETERMINERS, FILLER_WORDS, SENTENCE_OPENERS, TOPIC_PREPOSITIONS } from './rewrite-words';

/** What kind of thing a mention is; a follow-up replaces a mention of the same kind. */
export type MentionKind = 'name' | 'version' | 'ticket' | 'identifier' | 'date' | 'phrase';

/** An entity or topic named in a text. */
export type Mention = {
  /** The mention as written, without its determiner ("Lattice v3", "parental leave"). */
  text: string;
  kind: MentionKind;
  /** Offsets of the whole span in the text, the determiner included. */
  start: number;
  end: number;
  /** The determiner that opens the span ("the"), lower-case, or null. */
  determiner: string | null;
  /** The preposition right before the span ("in" for "in Rotterdam"), lower-case, or null. */
  preposition: string | null;
};

/** Options of `findMentions`. */
export type FindMentionsOptions = {
  /** Merge a name and the version after it into one mention ("Lattice v3"); default true. */
  compounds?: boolean;
  /**
   * The text is a fragment, not a sentence ("Boston" out of "what about Boston?"): a lone
   * capitalised first word counts as a name unless it is a usual opener. Default false.
   */
  fragment?: boolean;
};

const QUOTED = /"([^"\n]{1,80})"|“([^”\n]{1,80})”/g;
const MAX_PHRASE_WORDS = 3;

const ENTITY_KINDS: Partial<Record<EntityKind, MentionKind>> = {
  ticket: 'ticket',
  version: 'version',
  date: 'date',
  quoted: 'identifier',
  reference: 'identifier',
  channel: 'identifier',
  email: 'identifier',
  file: 'identifier',
  identifier: 'identifier',
};

/**
 * Finds the entities and topics a text names, in order: quoted strings; ID-like tokens
 * (ticket keys, versions, dates, identifiers, as the history gate masks them); proper names
 * (capitalised runs and acronyms, "Lattice", "GlobalProtect", "New York"), a name directly
 * followed by a version merged into one ("Lattice v3"); and lower-case noun phrases after
 * "about/for/in/with/…" or "the" ("for contractors", "the parental leave policy").
 */
export function findMentions(text: string, options: FindMentionsOptions = {}): Mention[] {
  const compounds = options.compounds ?? true;
  const quoted = findQuoted(text);
  const loneOpenerIsName = options.fragment ?? false;
  const words = splitWords(text).filter(
    (word) => !quoted.some((mention) => word.start >= mention.start && word.end <= mention.end),
  );
  const mentions: Mention[] = [...quoted];
  let index = 0;
  while (index < words.length) {
    const found = mentionAt(text, words, index, { compounds, loneOpenerIsName });
    if (found === null) {
      index++;
      continue;
    }
    mentions.push(found.mention);
    index = found.next;
  }
  return mentions.sort((left, right) => left.start - right.start);
}

function findQuoted(text: string): Mention[] {
  return [...text.matchAll(QUOTED)].map((match) => ({
    text: match[1] ?? match[2] ?? '',
    kind: 'identifier' as const,
    start: match.index,
    end: match.index + match[0].length,
    determiner: null,
    preposition: null,
  }));
}

function mentionAt(
  text: string,
  words: readonly MessageWord[],
  index: number,
  flags: { compounds: boolean; loneOpenerIsName: boolean },
): { mention: Mention; next: number } | null {
  const word = words[index];
  if (word === undefined) return null;
  const previous = words[index - 1];
  const preposition =
    previous !== undefined && word.joinedToPrevious && TOPIC_PREPOSITIONS.has(previous.lower)
      ? previous.lower
      : null;
  const entityKind = entityKindOf(word);
  if (entityKind !== null) {
    return {
      mention: span(text, words, index, index + 1, entityKind, preposition),
      next: index + 1,
    };
  }
  if (isNameWord(word)) {
    let end = index + 1;
    while (isJoinedName(words[end])) end++;
    const following = words[end];
    const versioned = following?.joinedToPrevious === true && entityKindOf(following) === 'version';
    // A lone capitalised word opening a sentence is usually just a word ("Employees get …").
    const lone = end === index + 1 && word.sentenceStart && !versioned;
    if (lone && !flags.loneOpenerIsName && !isDistinctiveName(word.raw)) return null;
    if (flags.compounds && versioned) end++;
    return { mention: span(text, words, index, end, 'name', preposition), next: end };
  }
  const opensPhrase =
    TOPIC_PREPOSITIONS.has(word.lower) || (word.lower === 'the' && preposition === null);
  if (!opensPhrase) return null;
  return phraseAfter(text, words, index);
}

function phraseAfter(
  text: string,
  words: readonly MessageWord[],
  index: number,
): { mention: Mention; next: number } | null {
  const opener = words[index];
  if (opener === undefined) return null;
  const preposition = opener.lower === 'the' ? null : opener.lower;
  const spanStartIndex = preposition === null ? index : index + 1;
  const determinerWord = words[spanStartIndex];
  const hasDeterminer =
    determinerWord !== undefined &&
    DETERMINERS.has(determinerWord.lower) &&
    (preposition === null || determinerWord.joinedToPrevious);
  const first = hasDeterminer ? spanStartIndex + 1 : spanStartIndex;
  let end = first;
  while (end - first < MAX_PHRASE_WORDS && isPhraseWord(words[end])) end++;
  const firstWord = words[first];
  const lastWord = words[end - 1];
  if (end === first || firstWord === undefined || lastWord === undefined) return null;
  return {
    mention: {
      text: text.slice(firstWord.start, lastWord.end),
      kind: 'phrase',
      start: hasDeterminer ? (determinerWord?.start ?? firstWord.start) : firstWord.start,
      end: lastWord.end,
      determiner: hasDeterminer ? (determinerWord?.lower ?? null) : null,
      preposition,
    },
    next: end,
  };
}

function span(
  text: string,
  words: readonly MessageWord[],
  startIndex: number,
  endIndex: number,
  kind: MentionKind,
  preposition: string | null,
): Mention {
  const first = words[startIndex];
  const last = words[endIndex - 1];
  const start = first?.start ?? 0;
  const end = last?.end ?? start;
  const determinerWord = words[startIndex - 1];
  // "the Rotterdam office": the determiner belongs to "office", not to the name.
  const modifies = words[endIndex]?.joinedToPrevious === true && isPhraseWord(words[endIndex]);
  const determiner =
    determinerWord?.lower === 'the' && first?.joinedToPrevious === true && !modifies ? 'the' : null;
  return {
    text: text.slice(start, end),
    kind,
    start: determiner === null ? start : (determinerWord?.start ?? start),
    end,
    determiner,
    preposition: determiner === null ? preposition : prepositionBefore(words, startIndex - 1),
  };
}

function prepositionBefore(words: readonly MessageWord[], index: number): string | null {
  const word = words[index];
  const previous = words[index - 1];
  if (word?.joinedToPrevious !== true || previous === undefined) return null;
  return TOPIC_PREPOSITIONS.has(previous.lower) ? previous.lower : null;
}

/** The mention kind of an ID-like word ("ABC-123", "v3.2", "2024"), or null. */
export function entityKindOf(word: MessageWord): MentionKind | null {
  if (!/[\d.:_\-@#]/.test(word.raw)) return null;
  const entity = maskEntities(word.raw).entities[0];
  return entity === undefined ? null : (ENTITY_KINDS[entity.kind] ?? null);
}

function isNameWord(word: MessageWord): boolean {
  if (!/^\p{Lu}/u.test(word.raw) || word.raw === 'I') return false;
  if (/^\p{Lu}{2,}s?$/u.test(word.raw)) return word.raw !== 'OK';
  if (!word.sentenceStart) return true;
  return !SENTENCE_OPENERS.has(word.lower) && !isStopWord(word.lower);
}

function isJoinedName(word: MessageWord | undefined): boolean {
  return (
    word !== undefined &&
    word.joinedToPrevious &&
    !word.sentenceStart &&
    isNameWord(word) &&
    entityKindOf(word) === null
  );
}

/** An acronym or an inner capital ("VPN", "GlobalProtect"): a name wherever it stands. */
function isDistinctiveName(raw: string): boolean {
  return /^\p{Lu}{2,}s?$/u.test(raw) || /^\p{Lu}\p{Ll}+\p{Lu}/u.test(raw);
}

function isPhraseWord(word: MessageWord | undefined): boolean {
  return (
    word !== undefined &&
    word.joinedToPrevious &&
    /^\p{Ll}[\p{Ll}-]*$/u.test(word.raw) &&
    word.raw.length > 1 &&
    !isStopWord(word.lower) &&
    !FILLER_WORDS.has(word.lower) &&
    !SENTENCE_OPENERS.has(word.lower)
  );
}
