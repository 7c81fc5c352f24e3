import { extractGateFeatures } from '../gate/gate-features';
import { countSentences, messageWords } from '../gate/gate-text';
import { FUNCTION_WORDS, QUESTION_WORDS } from '../gate/gate-words';
import { maskEntities, type EntityKind } from '../gate/mask-entities';

/** The dense features of the ambiguity classifier, in the order the model stores them. */
export const AMBIGUITY_FEATURE_NAMES = [
  // The history gate's message features (Adobe's f_QL, f_RC, f_CLI, entity masking, openers).
  'wordCount',
  'logWordCount',
  'contentWordCount',
  'referentialCount',
  'pronounCount',
  'colemanLiau',
  'entityCount',
  'untypedEntityCount',
  'capitalisedEntityCount',
  'startsWithQuestionWord',
  'startsWithAuxiliary',
  'fragment',
  'endsWithQuestionMark',
  'definiteCommonNounCount',
  'definitionQuestion',
  // Single-turn signals of a question that leaves its subject or the wanted answer open.
  'topicWordCount',
  'requestFrame',
  'howTo',
  'numberCount',
  'quotedCount',
  'questionWordCount',
  'sentenceCount',
  'preferenceWordCount',
  'firstPersonCount',
  'meanWordLength',
  'pronounAmongNames',
] as const;

/** One of `AMBIGUITY_FEATURE_NAMES`. */
export type AmbiguityFeatureName = (typeof AMBIGUITY_FEATURE_NAMES)[number];

/** What the ambiguity classifier knows about a message. */
export type AmbiguityFeatures = {
  values: Record<AmbiguityFeatureName, number>;
  /** The message as tokens for the n-gram text model: lower-cased, entities and names masked. */
  textTokens: string[];
};

/** Words of a search-style request that say "I want information", not what about. */
const REQUEST_WORDS: ReadonlySet<string> = new Set(
  (
    'tell find give show get search look looking learn know interested information info ' +
    'details detail want need like would about more let see'
  ).split(' '),
);

/** Openers of a topic-only request ("Tell me about iron", "I'm looking for information on …"). */
const REQUEST_FRAME =
  /^(?:(?:please\s+)?(?:tell|give|show|find)(?:\s+me)?(?:\s+(?:more|some))?\s+(?:about|information|info|details)|(?:i['’]m|i\s+am)\s+(?:looking\s+for|interested\s+in)|i\s+(?:want|would\s+like|['’]d\s+like|need)\s+(?:to\s+(?:learn|know|find)|information|info)|(?:find\s+)?information\s+(?:about|on))\b/i;

const HOW_TO = /^how\s+(?:to|do|does|can|should|would)\b/i;

/** Words that ask for a choice made to the user's taste: the answer depends on unstated wishes. */
const PREFERENCE_WORDS: ReadonlySet<string> = new Set(
  (
    'best good better great favourite favorite recommend recommendation recommendations ' +
    'suggest suggestion suggestions ideas idea tips nice fun cheap popular top some ideal'
  ).split(' '),
);

const FIRST_PERSON: ReadonlySet<string> = new Set('i me my mine we us our ours myself'.split(' '));

const NUMERIC_KINDS: ReadonlySet<EntityKind> = new Set([
  'number',
  'amount',
  'date',
  'time',
  'version',
]);

/**
 * The ambiguity classifier's features of a single message (already stripped of chat markup):
 * the history gate's message features computed without a thread, plus how much of a subject
 * the message names once the request frame ("tell me about", "I'm looking for") is set aside,
 * numbers and quoted values (specific), question words, sentences, words asking for a choice
 * to the user's taste, first-person words, mean word length, and a pronoun among two or more names ("Matthew
told Joshua that he …": whom does it mean?). Pure and deterministic.
 */
export function extractAmbiguityFeatures(message: string): AmbiguityFeatures {
  const gate = extractGateFeatures(message, []);
  const words = messageWords(message);
  const { entities } = maskEntities(message);
  const topicWords = words.filter((word) => {
    const stem = word.split(/['’]/)[0] ?? word; // "i'm" → "i", "obama's" → "obama"
    return !FUNCTION_WORDS.has(stem) && !REQUEST_WORDS.has(stem);
  });
  const letters = words.reduce((sum, word) => sum + word.length, 0);
  const values: Record<AmbiguityFeatureName, number> = {
    wordCount: gate.values.wordCount,
    logWordCount: gate.values.logWordCount,
    contentWordCount: gate.values.contentWordCount,
    referentialCount: gate.values.referentialCount,
    pronounCount: gate.values.pronounCount,
    colemanLiau: gate.values.colemanLiau,
    entityCount: gate.values.entityCount,
    untypedEntityCount: gate.values.untypedEntityCount,
    capitalisedEntityCount: gate.values.capitalisedEntityCount,
    startsWithQuestionWord: gate.values.startsWithQuestionWord,
    startsWithAuxiliary: gate.values.startsWithAuxiliary,
    fragment: gate.values.fragment,
    endsWithQuestionMark: gate.values.endsWithQuestionMark,
    definiteCommonNounCount: gate.values.definiteCommonNounCount,
    definitionQuestion: gate.values.definitionQuestion,
    topicWordCount: topicWords.length,
    requestFrame: REQUEST_FRAME.test(message.trim()) ? 1 : 0,
    howTo: HOW_TO.test(message.trim()) ? 1 : 0,
    numberCount: entities.filter((entity) => NUMERIC_KINDS.has(entity.kind)).length,
    quotedCount: entities.filter((entity) => entity.kind === 'quoted').length,
    questionWordCount: words.filter((word) => QUESTION_WORDS.has(word)).length,
    sentenceCount: countSentences(message),
    preferenceWordCount: words.filter((word) => PREFERENCE_WORDS.has(word)).length,
    firstPersonCount: words.filter((word) => FIRST_PERSON.has(word)).length,
    meanWordLength: words.length === 0 ? 0 : letters / words.length,
    pronounAmongNames:
      gate.values.pronounCount > 0 && gate.values.capitalisedEntityCount >= 2 ? 1 : 0,
  };
  return { values, textTokens: gate.textTokens };
}
