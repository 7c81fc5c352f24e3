import { colemanLiauIndex, tokenizeMessage, type MessageToken } from './gate-text';
import {
  AUXILIARY_VERBS,
  FUNCTION_WORDS,
  LEADING_CONJUNCTIONS,
  LEADING_PREPOSITIONS,
  LEADING_PRONOUNS,
  PERSONAL_PRONOUNS,
  QUESTION_WORDS,
  REFERENTIAL_WORDS,
  THREAD_DEICTICS,
} from './gate-words';
import { ENTITY_TOKEN, maskEntities } from './mask-entities';
import { countNameSpans, findNameSpans, isNameToken } from './find-names';

/** The dense features of the history gate, in the order the model stores them. */
export const GATE_FEATURE_NAMES = [
  'wordCount',
  'logWordCount',
  'contentWordCount',
  'referentialCount',
  'deicticCount',
  'pronounCount',
  'colemanLiau',
  'entityCount',
  'untypedEntityCount',
  'lexicalRule',
  'capitalisedEntityCount',
  'startsWithConjunction',
  'startsWithWhatAbout',
  'startsWithPreposition',
  'startsWithEllipsis',
  'pronounAtStart',
  'startsWithQuestionWord',
  'startsWithAuxiliary',
  'questionWordOnly',
  'fragment',
  'endsWithQuestionMark',
  'definiteCommonNounCount',
  'definitionQuestion',
  'topicOverlap',
  'namesInHistory',
  'namesNewToHistory',
] as const;

/** One of `GATE_FEATURE_NAMES`. */
export type GateFeatureName = (typeof GATE_FEATURE_NAMES)[number];

/** What the history gate knows about a message. */
export type GateFeatures = {
  values: Record<GateFeatureName, number>;
  /** The message as tokens for the n-gram text model: lower-cased, entities and names masked. */
  textTokens: string[];
};

/** An earlier message of the thread, as the gate sees it. */
export type GateHistoryTurn = { role: 'user' | 'assistant'; text: string };

const OPENERS = [
  ['what', 'about'],
  ['how', 'about'],
  ['what', 'if'],
  ['as', 'for'],
  ['same', 'for'],
  ['same', 'with'],
  ['same', 'question'],
  ['and', 'what', 'about'],
  ['and', 'how', 'about'],
] as const;

const DEICTIC_PHRASES = [...THREAD_DEICTICS]
  .map((phrase) => phrase.split(' '))
  .sort((left, right) => right.length - left.length);

const BE = /^(?:is|are|was|were|be|been)$/;

function isExistentialThere(words: readonly string[], position: number): boolean {
  return (
    words[position] === 'there' &&
    (BE.test(words[position - 1] ?? '') || BE.test(words[position + 1] ?? ''))
  );
}

function countDeictics(words: readonly string[]): number {
  let count = 0;
  for (let position = 0; position < words.length;) {
    const phrase = DEICTIC_PHRASES.find((candidate) =>
      candidate.every((word, offset) => words[position + offset] === word),
    );
    const existential = phrase?.length === 1 && isExistentialThere(words, position);
    if (phrase !== undefined && !existential) count++;
    position += phrase?.length ?? 1;
  }
  return count;
}

function startsWithAny(words: readonly string[], phrases: readonly (readonly string[])[]): boolean {
  return phrases.some((phrase) => phrase.every((word, offset) => words[offset] === word));
}

/** "the form", "the deadline": a definite common noun usually points at something said before. */
function countDefiniteCommonNouns(tokens: readonly MessageToken[]): number {
  return tokens.filter((token, index) => {
    const next = tokens[index + 1];
    return (
      token.word.toLowerCase() === 'the' &&
      next !== undefined &&
      /^\p{Ll}/u.test(next.word) &&
      !FUNCTION_WORDS.has(next.word)
    );
  }).length;
}

const COPULAS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', "what's", "who's"]);

/** "What is creationism?", "who was Richard Pipes": asks what a named thing is, no determiner. */
function isDefinitionQuestion(words: readonly string[]): boolean {
  const [first = '', second = '', third] = words;
  const subject = /^(?:what|who)['’]s$/.test(first) ? second : third;
  const opens =
    /^(?:what|who)['’]s$/.test(first) || (QUESTION_WORDS.has(first) && COPULAS.has(second));
  return opens && subject !== undefined && subject !== '' && !FUNCTION_WORDS.has(subject);
}

function textTokens(tokens: readonly MessageToken[], endsWithQuestion: boolean): string[] {
  const mapped = tokens
    .filter((token) => token.word !== '')
    .map((token) => {
      if (token.word === ENTITY_TOKEN) return '<entity>';
      if (isNameToken(token)) return '<name>';
      return token.word.toLowerCase();
    });
  return ['<s>', ...mapped, endsWithQuestion ? '</q>' : '</s>'];
}

function lowerWords(text: string): Set<string> {
  return new Set(tokenizeMessage(text).map((token) => token.word.toLowerCase()));
}

/** Names of the message (capitalised spans) that do / do not occur in the history, any case. */
function namesAgainstHistory(tokens: readonly MessageToken[], historyText: string) {
  const lowerHistory = historyText.toLowerCase();
  let known = 0;
  for (const { start, end } of findNameSpans(tokens)) {
    const name = tokens
      .slice(start, end)
      .map((token) => token.word.toLowerCase())
      .join(' ');
    if (lowerHistory.includes(name)) known++;
  }
  return { known, unknown: countNameSpans(tokens) - known };
}

/**
 * The history gate's features of a message (already stripped of chat markup) and a few facts
 * about its thread: length, the paper's referential count, thread deictics, pronouns,
 * Coleman–Liau, masked entities and whether they are typed (`lexicalRule`: the paper's rule, an
 * entity with no type word next to it), how the message opens, capitalised names, definite
 * common nouns; and, from the history, content words shared with the thread's first turn and
 * names already / not yet mentioned in the last five turns. Pure and deterministic.
 */
export function extractGateFeatures(
  message: string,
  history: readonly GateHistoryTurn[],
): GateFeatures {
  const { masked, entities } = maskEntities(message);
  const tokens = tokenizeMessage(masked);
  const words = tokens.map((token) => token.word.toLowerCase()).filter((word) => word !== '');
  const contentWords = words.filter((word) => !FUNCTION_WORDS.has(word) && word !== 'entity');
  const first = words[0] ?? '';
  const hasTypeWordless = entities.some((entity) => !entity.typed);
  const endsWithQuestion = /\?\s*$/.test(message);
  const lastTurns = history.slice(-5);
  const topic = lowerWords(history[0]?.text ?? '');
  const names = namesAgainstHistory(tokens, lastTurns.map((turn) => turn.text).join(' \n '));
  const values: Record<GateFeatureName, number> = {
    wordCount: words.length,
    logWordCount: Math.log1p(words.length),
    contentWordCount: contentWords.length,
    referentialCount: words.filter((word) => REFERENTIAL_WORDS.has(word)).length,
    deicticCount: countDeictics(words),
    pronounCount: words.filter((word) => PERSONAL_PRONOUNS.has(word)).length,
    colemanLiau: Math.max(-40, Math.min(40, colemanLiauIndex(message))),
    entityCount: entities.length,
    untypedEntityCount: entities.filter((entity) => !entity.typed).length,
    lexicalRule: hasTypeWordless ? 1 : 0,
    capitalisedEntityCount: countNameSpans(tokens),
    startsWithConjunction: LEADING_CONJUNCTIONS.has(first) ? 1 : 0,
    startsWithWhatAbout: startsWithAny(words, OPENERS) ? 1 : 0,
    startsWithPreposition: LEADING_PREPOSITIONS.has(first) ? 1 : 0,
    startsWithEllipsis: /^\s*(?:\.\.\.|…)/.test(message) ? 1 : 0,
    pronounAtStart: LEADING_PRONOUNS.has(first) ? 1 : 0,
    startsWithQuestionWord: QUESTION_WORDS.has(first) ? 1 : 0,
    startsWithAuxiliary: AUXILIARY_VERBS.has(first) ? 1 : 0,
    questionWordOnly:
      words.length > 0 &&
      words.length <= 3 &&
      words.some((word) => QUESTION_WORDS.has(word)) &&
      contentWords.length === 0
        ? 1
        : 0,
    fragment:
      words.length > 0 &&
      words.length <= 4 &&
      !words.some((word) => AUXILIARY_VERBS.has(word) || QUESTION_WORDS.has(word))
        ? 1
        : 0,
    endsWithQuestionMark: endsWithQuestion ? 1 : 0,
    definiteCommonNounCount: countDefiniteCommonNouns(tokens),
    definitionQuestion: isDefinitionQuestion(words) ? 1 : 0,
    topicOverlap: contentWords.filter((word) => topic.has(word)).length,
    namesInHistory: names.known,
    namesNewToHistory: names.unknown,
  };
  return { values, textTokens: textTokens(tokens, endsWithQuestion) };
}
