function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.trim().split(/\s+/));
}

/** Words that shape a question but name no topic ("get", "many", "thanks"). */
export const FILLER_WORDS = wordSet(`
  get got gets getting many much need needs want know tell find please thanks thank hello hi
  hey yes sure okay ok still can cant really way thing things anything something someone
  anyone one ones lot lots like also else more again too instead same other another others
  does work happen happens supposed allowed able use quick question questions wondering`);

/** Determiners that may open a noun phrase ("for the contractors"). */
export const DETERMINERS = wordSet('the a an my our your their his her');

/** Prepositions whose object is a likely topic ("about", "for", "in", "with"). */
export const TOPIC_PREPOSITIONS = wordSet('about for in with on at regarding from during');

/** Words that open a sentence and are capitalised only for that reason. */
export const SENTENCE_OPENERS = wordSet(`
  what which who whom whose when where why how is are was were am be do does did can could
  will would shall should may might must has have had tell show give explain list find send
  help need want get make let describe compare check confirm remind know thanks thank hello
  hi hey quick sorry great cool sure any anyone anybody okay ok yes no hmm also just btw fyi
  actually follow and but or so then please see perfect awesome nice noted done right wow
  alright got understood i`);

/** Auxiliary verbs ("does that apply", "is there"). */
export const AUXILIARIES = wordSet(`
  is are was were am be been do does did can could will would shall should may might must
  has have had`);

/** Verbs that commonly follow a demonstrative pronoun ("does that apply to …"). */
export const PRONOUN_VERBS = wordSet(`
  apply applies work works include includes cover covers cost costs take takes require
  requires need needs mean means change changes happen happens expire expires last lasts
  count counts matter matters help helps support supports run runs affect affects`);

/** Words after which "it" is a dummy subject ("is it possible", "it's fine"). */
export const DUMMY_IT_FOLLOWERS = wordSet(`
  possible true ok okay necessary required allowed worth better best easier easy hard
  likely safe important normal fine too late early okay common usual mandatory free
  seems looks rains depends`);

/** Words after which "there" is existential ("is there", "there are"). */
export const EXISTENTIAL_THERE_NEIGHBOURS = wordSet(`
  is are was were be been will would could can should may might any anything anyone a an no
  some still`);

/** Verbs of motion, after which "there" becomes "to X" rather than "in X". */
export const MOTION_VERBS = wordSet(
  'go goes going get getting travel fly drive come send ship move',
);

/** Subject pronouns: "that" before one of these is a conjunction ("true that I …"). */
export const SUBJECT_PRONOUNS = wordSet('i you we they he she it there this that');
