import type { AnswerType } from './answer-type';

// A capitalised word, or an initial ("J."): a full stop ends a word only as an initial, so a
// name never runs on into the next sentence ("Diana Ross. It was …").
const NAME_WORD = String.raw`\p{Lu}(?:\.|[\p{L}'’-]+)`;

const PATTERNS: Partial<Record<AnswerType, RegExp>> = {
  person: new RegExp(
    String.raw`\b${NAME_WORD}(?:\s+(?:de |van |von |da |di )?${NAME_WORD})+`,
    'gu',
  ),
  place: new RegExp(String.raw`\b${NAME_WORD}(?:\s+${NAME_WORD})*`, 'gu'),
  number: /\b\d[\d,.]*(?:\s*(?:%|percent|million|billion|thousand))?/giu,
  date: /\b(?:1[5-9]|20)\d{2}\b/gu,
  duration: /\b\d[\d,.]*\s*(?:minutes?|hours?|days?|weeks?|months?|years?)\b/giu,
};

/**
 * The value a sentence gives for the asked-for type — the first name for "who", number for "how
 * many", year for "when" — that the question does not already contain; null for types without a
 * value (procedures, 'any') or when there is none.
 */
export function answerSpan(unit: string, type: AnswerType, question: string): string | null {
  const pattern = PATTERNS[type];
  if (pattern === undefined) return null;
  const asked = question.toLowerCase();
  for (const match of unit.matchAll(pattern)) {
    const value = match[0].trim().replace(/[.,]+$/, '');
    if (value.length < 2 || asked.includes(value.toLowerCase())) continue;
    return value.toLowerCase();
  }
  return null;
}
