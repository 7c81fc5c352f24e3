/** The referential words of the Adobe paper (feature f_RC), exactly its 12-word list. */
export const REFERENTIAL_WORDS: ReadonlySet<string> = new Set([
  'this',
  'that',
  'those',
  'it',
  'its',
  'some',
  'others',
  'another',
  'other',
  'them',
  'above',
  'previous',
]);

/**
 * Thread deictics: words and phrases that point back into a conversation (our extension of the
 * paper's list). Phrases are matched on word boundaries, lower-cased.
 */
export const THREAD_DEICTICS: readonly string[] = [
  'the one you mentioned',
  'you mentioned',
  'you said',
  'as you said',
  'mentioned',
  'what about',
  'how about',
  'what else',
  'anything else',
  'what if',
  'as for',
  'same for',
  'the same',
  'same',
  'as well',
  'too',
  'also',
  'else',
  'there',
  'then',
  'here',
  'these',
  'earlier',
  'again',
  'instead',
  'either',
  'former',
  'latter',
  'that one',
  'this one',
  'which one',
  'the other one',
  'the first one',
  'the second one',
  'the last one',
  'such',
  'aforementioned',
  'said',
  'more',
  'further',
  'follow up',
];

/** Third-person personal pronouns, whose antecedent is usually outside the message. */
export const PERSONAL_PRONOUNS: ReadonlySet<string> = new Set([
  'he',
  'him',
  'his',
  'she',
  'her',
  'hers',
  'they',
  'them',
  'their',
  'theirs',
  'it',
  'its',
]);

/** First words that make a message lean on something said before. */
export const LEADING_PRONOUNS: ReadonlySet<string> = new Set([
  ...PERSONAL_PRONOUNS,
  'this',
  'that',
  'these',
  'those',
  'there',
]);

/** Conjunctions and connectives that continue an earlier message ("and for Boston?"). */
export const LEADING_CONJUNCTIONS: ReadonlySet<string> = new Set([
  'and',
  'but',
  'or',
  'so',
  'also',
  'plus',
  'then',
  'nor',
  'otherwise',
  'besides',
]);

/** Prepositions that open an elliptical fragment ("for contractors?", "in Rotterdam?"). */
export const LEADING_PREPOSITIONS: ReadonlySet<string> = new Set([
  'for',
  'in',
  'on',
  'at',
  'with',
  'from',
  'to',
  'by',
  'about',
  'during',
  'after',
  'before',
  'via',
  'without',
]);

/** Question words. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set([
  'what',
  'which',
  'who',
  'whom',
  'whose',
  'when',
  'where',
  'why',
  'how',
]);

/** Auxiliary and modal verbs that open a yes/no question or carry a clause. */
export const AUXILIARY_VERBS: ReadonlySet<string> = new Set(
  (
    'is are was were am be been do does did can could will would shall should may ' +
    "might must has have had isn't aren't doesn't don't didn't can't won't wouldn't " +
    "shouldn't hasn't haven't"
  ).split(' '),
);

/**
 * Words that name what kind of thing an entity is ("ticket ABC-123", "version 3.2",
 * "office Rotterdam"). A masked entity with one of these nearby is typed (Adobe's lexical rule).
 */
export const ENTITY_TYPE_WORDS: ReadonlySet<string> = new Set(
  (
    'account address app application branch budget build building bug card channel ' +
    'cluster code commit contract cost customer dashboard database dataset date ' +
    'deadline department doc document domain email environment epic error extension ' +
    'file floor folder form group host id incident invoice ip issue job key laptop ' +
    'library license machine meeting model module number office order package page ' +
    'password path phone pipeline plan po policy port pr printer project queue ' +
    'release repo repository report request role room schema segment server service ' +
    'site sku sprint story table team template ticket token topic user vendor version ' +
    'vlan workspace year'
  ).split(' '),
);

/** Function words; a word outside this list counts as a content word. */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set([
  ...REFERENTIAL_WORDS,
  ...PERSONAL_PRONOUNS,
  ...QUESTION_WORDS,
  ...AUXILIARY_VERBS,
  ...LEADING_CONJUNCTIONS,
  ...LEADING_PREPOSITIONS,
  ...(
    'a an the i me my mine we us our ours you your yours these there here of as into ' +
    'onto than if not no yes any all each every both either neither such same else ' +
    'too very just only also again ever even still now up out off over under anything ' +
    'something nothing everything anyone someone one ones much many more most few own ' +
    'please thanks hi hey ok okay'
  ).split(' '),
]);
