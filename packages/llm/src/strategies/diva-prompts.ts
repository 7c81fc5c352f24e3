import type { ChatMessage, Passage } from '@clarify/core';
import { z } from 'zod';
import { zodSchema } from '../chat/zod-schema';
import { buildPassagesPrompt, oneLine, PASSAGES_ARE_DATA } from './passages-prompt';

/** Diva's ambiguity types ([AmbSub] [AmbObj] [AmbPred] [AmbTime] [AmbLoc] [N/A]). */
export const AMBIGUITY_TYPES = [
  'subject',
  'object',
  'predicate',
  'time',
  'location',
  'none',
] as const;

/** Round 1: the ambiguity analysis (`I_a`) and the pseudo-interpretations (`I_p`) in one reply. */
export const DIVERSIFY_SCHEMA = zodSchema(
  'diva_interpretations',
  z.object({
    reason: z.string(),
    ambiguityTypes: z.array(z.enum(AMBIGUITY_TYPES)),
    interpretations: z.array(z.string()),
  }),
);

/** Round 2: retrieval verification (`I_v`), with the short answer when the passages have it. */
export const VERIFY_SCHEMA = zodSchema(
  'diva_verification',
  z.object({ answered: z.enum(['yes', 'no']), answer: z.string() }),
);

function diversifyInstructions(maxInterpretations: number): string {
  return `You analyse a question an employee asks about their company, without seeing any documents.

1. Say why the question may be ambiguous ("reason", one sentence) and name the type(s) of ambiguity:
- subject: who or what it is about is unclear (e.g. "Who approves expenses?": for staff or for contractors?)
- object: what it refers to is unclear (e.g. "When is the review due?": which review?)
- predicate: the action or relation is unclear (e.g. "Who is on the team?": its members or its sponsors?)
- time: the time frame is unclear (e.g. "What is the bonus?": which year's?)
- location: the place is unclear (e.g. "When does the office open?": which office?)
- none: the question has one reading
2. Clarify the question into disambiguated questions based on that reason ("interpretations"): at most ${maxInterpretations}, each a complete, specific question. For type none, give the question itself as the only one.

Do not answer the question.`;
}

/** The one closed-book call of round 1: ambiguity type, reason and pseudo-interpretations. */
export function buildDiversifyPrompt(question: string, maxInterpretations: number): ChatMessage[] {
  return [
    { role: 'system', content: diversifyInstructions(maxInterpretations) },
    { role: 'user', content: `Question: ${oneLine(question)}` },
  ];
}

const VERIFY_INSTRUCTIONS = `Given a question and numbered passages from company documents, decide whether the passages contain the answer to the question.
- "answered": "yes" only when the passages state the answer; otherwise "no".
- "answer": with "yes", the short answer from the passages only (one sentence, no passage numbers); with "no", an empty string.
- ${PASSAGES_ARE_DATA}`;

/** One pseudo-interpretation and its pruned passages, for the yes/no verification. */
export function buildVerifyPrompt(
  interpretation: string,
  passages: readonly Passage[],
): ChatMessage[] {
  return buildPassagesPrompt({
    instructions: VERIFY_INSTRUCTIONS,
    question: interpretation,
    passages,
    request: 'Do these passages answer the question?',
  });
}
