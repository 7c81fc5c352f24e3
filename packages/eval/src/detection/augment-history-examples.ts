import { findNameSpans } from '@clarify/core';
import { tokenizeMessage, type MessageToken } from '@clarify/core';
import { ENTITY_TYPE_WORDS, REFERENTIAL_WORDS } from '@clarify/core';
import { maskEntities } from '@clarify/core';
import { pick, type RandomSource } from './seeded-random';

/** The rule that turned a self-contained message into one that leans on the thread. */
export type AugmentationRule =
  | 'omit-details'
  | 'referential-the'
  | 'entity-to-pronoun'
  | 'object-to-pronoun'
  | 'what-about'
  | 'vague-statement';

/** A history-dependent variant of a self-contained message. */
export type AugmentedMessage = { message: string; rule: AugmentationRule };

/** Options of `augmentStandaloneMessage`. */
export type AugmentOptions = {
  random: RandomSource;
  /** Names to ask about instead ("what about Rotterdam?"): offices, systems, teams, people. */
  names: readonly [string, ...string[]];
};

/** Adobe rule 2's replacement words: the paper's referential words without "them". */
const REFERENTIAL_REPLACEMENTS: readonly [string, ...string[]] = [
  'this',
  ...[...REFERENTIAL_WORDS].filter((word) => word !== 'this' && word !== 'them'),
];

/** Adobe rule 3's vague openers. */
const VAGUE_OPENERS = [
  'there is',
  'there are',
  'there is no such',
  'there is no',
  'there are no such',
  'there are no',
  'there is not any',
  'it is',
  'it is not',
  'this is not',
  'this is',
  'that is',
  'that is not',
] as const;

const FOLLOW_UPS = [
  'what about {}?',
  'and for {}?',
  'how about {}?',
  'same for {}?',
  '{}?',
  'and {}?',
  'what about in {}?',
  'and {} too?',
] as const;

const CONJUNCTIONS = ['and', 'also', 'so', 'but', 'ok and'] as const;

function join(tokens: readonly string[], question: boolean): string {
  const text = tokens.join(' ').replace(/[?.!]+$/, '');
  return question ? `${text}?` : text;
}

function lowerFirst(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) ? text[0]?.toLowerCase() + text.slice(1) : text;
}

/** Adobe rule 1: "What is the name of my largest dataset?" → "What is the name?". */
export function omitDetails(message: string): string | null {
  const match = /^(.*?\bthe [\p{L}-]+) of\b/iu.exec(message);
  if (match?.[1] === undefined || match[1].split(/\s+/).length < 3) return null;
  return `${match[1]}${/\?\s*$/.test(message) ? '?' : ''}`;
}

/** Adobe rule 2: replaces occurrences of "the" (each with probability ½, at least one). */
export function replaceThe(message: string, random: RandomSource): string | null {
  const tokens = message.split(/\s+/);
  const positions = tokens.flatMap((token, index) => (/^the$/i.test(token) ? [index] : []));
  if (positions.length === 0) return null;
  const forced = pick(positions as [number, ...number[]], random);
  const replaced = tokens.map((token, index) =>
    positions.includes(index) && (index === forced || random() < 0.5)
      ? pick(REFERENTIAL_REPLACEMENTS, random)
      : token,
  );
  return replaced.join(' ');
}

function isTypeWord(token: MessageToken | undefined): boolean {
  return token !== undefined && ENTITY_TYPE_WORDS.has(token.word.toLowerCase());
}

/** Replaces the first name or masked entity with a pronoun: "in Boston" → "there". */
export function entityToPronoun(message: string, random: RandomSource): string | null {
  const tokens = tokenizeMessage(message);
  const masked = tokenizeMessage(maskEntities(message).masked);
  const entityIndex =
    masked.length === tokens.length ? masked.findIndex((token) => token.word === 'ENTITY') : -1;
  const span =
    findNameSpans(tokens)[0] ??
    (entityIndex >= 0 ? { start: entityIndex, end: entityIndex + 1 } : null);
  if (span === null) return null;
  let { start, end } = span;
  if (isTypeWord(tokens[start - 1])) start--;
  if (isTypeWord(tokens[end + 1])) end += 2;
  else if (isTypeWord(tokens[end])) end++;
  const typed = start < span.start || end > span.end;
  const before = tokens[start - 1]?.word.toLowerCase() ?? '';
  let replacement: string = pick(['it', 'that', 'they'], random);
  if (['in', 'at', 'from'].includes(before)) {
    start--;
    replacement = 'there';
  } else if (['the', 'our', 'my', 'your'].includes(before)) {
    start--;
    replacement = typed ? 'that' : pick(['it', 'that one'], random);
  } else if (/['’]s$/.test(tokens[end - 1]?.word ?? ''))
    replacement = pick(['its', 'their'], random);
  const trailing = /[?!.,]+$/.exec(tokens[end - 1]?.raw ?? '')?.[0] ?? '';
  const words = [
    ...tokens.slice(0, start).map((token) => token.raw),
    replacement + trailing,
    ...tokens.slice(end).map((token) => token.raw),
  ];
  const result = words.join(' ');
  return start === 0 ? result[0]?.toUpperCase() + result.slice(1) : result;
}

/** Replaces a closing noun phrase with a pronoun: "How do I reset my VPN token?" → "… reset it?". */
export function objectToPronoun(message: string, random: RandomSource): string | null {
  const tokens = tokenizeMessage(message);
  let determiner = -1;
  tokens.forEach((token, index) => {
    if (/^(?:the|my|our|your|a|an)$/i.test(token.word) && index >= 2) determiner = index;
  });
  if (determiner < 0 || tokens.length - determiner > 5) return null;
  const plural = /[^s]s$/i.test(tokens[tokens.length - 1]?.word ?? '');
  const pronoun = plural ? pick(['them', 'those'], random) : pick(['it', 'that', 'this'], random);
  const result = join(
    [...tokens.slice(0, determiner).map((token) => token.raw), pronoun],
    /\?\s*$/.test(message),
  );
  return random() < 0.35 ? `${pick(CONJUNCTIONS, random)} ${lowerFirst(result)}` : result;
}

/** An elliptical follow-up about another name: "what about Rotterdam?", "and for Boston?". */
export function whatAbout(message: string, options: AugmentOptions): string {
  const own = new Set(
    findNameSpans(tokenizeMessage(message)).map(({ start, end }) =>
      tokenizeMessage(message)
        .slice(start, end)
        .map((token) => token.word)
        .join(' '),
    ),
  );
  let name = pick(options.names, options.random);
  for (let attempt = 0; attempt < 3 && own.has(name); attempt++)
    name = pick(options.names, options.random);
  const follow = pick(FOLLOW_UPS, options.random).replace('{}', name);
  return options.random() < 0.5 ? follow : follow[0]?.toUpperCase() + follow.slice(1);
}

/** Adobe rule 3: "Tell me about the 'ABC' dataset" → "There is no such the 'ABC' dataset". */
export function vagueStatement(message: string, random: RandomSource): string | null {
  if (message.includes('?')) return null;
  const match = /^(?:tell|show|give|send|find|get|remind|help) (?:me|us)\b(?: about| with)?/i.exec(
    message,
  );
  if (match === null) return null;
  const opener = pick(VAGUE_OPENERS, random);
  return `${opener[0]?.toUpperCase()}${opener.slice(1)}${message.slice(match[0].length)}`;
}

/**
 * Every history-dependent variant the augmentation rules make of a self-contained message
 * (the Adobe paper's three rules, plus pronoun substitution and elliptical follow-ups).
 * Deterministic for a given `random` sequence.
 */
export function augmentStandaloneMessage(
  message: string,
  options: AugmentOptions,
): AugmentedMessage[] {
  const { random } = options;
  const variants: AugmentedMessage[] = [];
  const omitted = omitDetails(message);
  if (omitted !== null) variants.push({ message: omitted, rule: 'omit-details' });
  const shortEnough = message.split(/\s+/).length <= 7;
  const referential = replaceThe(omitted ?? (shortEnough ? message : ''), random);
  if (referential !== null) variants.push({ message: referential, rule: 'referential-the' });
  const pronoun = entityToPronoun(message, random);
  if (pronoun !== null) variants.push({ message: pronoun, rule: 'entity-to-pronoun' });
  const object = objectToPronoun(message, random);
  if (object !== null) variants.push({ message: object, rule: 'object-to-pronoun' });
  variants.push({ message: whatAbout(message, options), rule: 'what-about' });
  const vague = vagueStatement(message, random);
  if (vague !== null) variants.push({ message: vague, rule: 'vague-statement' });
  return variants.filter((variant) => variant.message !== message);
}
