/** What kind of answer a question asks for, from its question words. */
export type AnswerType =
  'number' | 'date' | 'person' | 'place' | 'procedure' | 'duration' | 'frequency' | 'any';

const RULES: ReadonlyArray<[RegExp, AnswerType]> = [
  [/\bhow (long|soon)\b/i, 'duration'],
  [/\bhow often\b|\bhow frequently\b/i, 'frequency'],
  [
    /\bhow (many|much)\b|\bwhat(?:'s| is)? the (limit|maximum|minimum|max|rate|amount|number|percentage|cap)\b/i,
    'number',
  ],
  [/\bwhen\b|\b(what|which) (dates?|days?|times?)\b|\bdeadline\b/i, 'date'],
  [/\bwho\b|\bwhich (team|person|manager)\b/i, 'person'],
  [/\bwhere\b|\bwhich (url|site|page|portal|link)\b/i, 'place'],
  [/\bhow (do|can|should|to)\b|\bwhat (are the )?steps\b|\bprocess\b/i, 'procedure'],
];

/**
 * The answer type a question asks for: the rule matching earliest in the question wins ("where
 * can I park when I come in" asks for a place, not a date); 'any' when no rule applies.
 */
export function detectAnswerType(question: string): AnswerType {
  let found: { type: AnswerType; at: number } | null = null;
  for (const [pattern, type] of RULES) {
    const at = pattern.exec(question)?.index;
    if (at !== undefined && (found === null || at < found.at)) found = { type, at };
  }
  return found?.type ?? 'any';
}

const NUMBER =
  /\b\d+(?:[.,]\d+)?\b|\b(one|two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|thirty|hundred)\b/i;
const DATE =
  /\b\d{1,2}:\d{2}\b|\b\d{1,2}\s?(am|pm)\b|\bnoon\b|\b(19|20)\d{2}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b|\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekly|monthly|quarterly|daily|annually|yearly)\b|\b\d{1,2}(st|nd|rd|th)\b|\bq[1-4]\b|\bday of\b|\bbefore\b|\bwithin\b/i;
const DURATION =
  /\b\d+(?:[.,]\d+)?\s*(minutes?|hours?|days?|weeks?|months?|years?|business days?|working days?)\b|\b(minutes?|hours?|days?|weeks?|months?|years?)\b/i;
const FREQUENCY =
  /\b(every|each|per|daily|weekly|monthly|quarterly|yearly|annually|hourly|biweekly|twice|once|times)\b|\b\d+\s*(minutes?|hours?|days?|weeks?|months?|years?)\b/i;
// A name is a capitalised word inside the sentence ("… shoots Harlan"; not its first word), kept
// apart from the role words so that it does not take their case-insensitivity.
const PERSON_NAME = /(?<=\S\s+)\p{Lu}\p{Ll}[\p{L}'’.-]*/u;
const PERSON_ROLE =
  /\b(team|manager|lead|officer|desk|captain|owner|director|vp|head of)\b|@[a-z]/i;
const PLACE =
  /https?:\/\/|\b[\w-]+\.(example|com|net|org|io)\b|\b(floor|room|building|office|portal|page|site|channel|garage|basement|level|lot|street|road|avenue|entrance|lobby|tower|wing|desk|address|spaces?|slots?)\b|#[a-z]|(?<!^)\b[A-Z][a-z]+ [A-Z][a-z]+\b|\b[A-Z]\d\b/;
const PROCEDURE =
  /^\s*(\d+\.|[-*])\s|https?:\/\/|\b(go to|open|click|select|run|submit|call|email|request|file|log in|sign in|choose|enter|use|reset|change|install|contact|ask|visit|book|raise)\b/i;

/** Whether a sentence carries the kind of answer asked for (always true for 'any'). */
export function satisfiesAnswerType(sentence: string, type: AnswerType): boolean {
  switch (type) {
    case 'number':
      return NUMBER.test(sentence);
    case 'date':
      return DATE.test(sentence);
    case 'duration':
      return DURATION.test(sentence);
    case 'frequency':
      return FREQUENCY.test(sentence);
    case 'person':
      return PERSON_NAME.test(sentence) || PERSON_ROLE.test(sentence);
    case 'place':
      return PLACE.test(sentence);
    case 'procedure':
      return PROCEDURE.test(sentence);
    case 'any':
      return true;
  }
}
