import type { ChatMessage, Passage } from '@clarify/core';
import { formatHeadingPath } from '@clarify/core';
import { z } from 'zod';
import { zodSchema } from '../chat/zod-schema';

/** FaVe's plan: is the question broad, and if so its sub-questions, all written up front. */
export const FAVE_PLAN_SCHEMA = zodSchema(
  'fave_plan',
  z.object({ broad: z.boolean(), subQuestions: z.array(z.string()) }),
);

const INSTRUCTIONS = `You plan the answer to an employee's question about company documents.
- "broad": true when a complete answer needs several separate facts (steps, conditions, amounts, contacts, exceptions) found in different sections; false when one passage's answer will do.
- "subQuestions": when broad, at most {max} specific questions, each answerable on its own from one of the listed sections, together covering the question; written all at once, none depending on another's answer. Empty when not broad.`;

/**
 * The planning call of FaVe (factored and verified search): the question, the interpretation and
 * the titles and headings of its passages — not their text, so the call stays small.
 */
export function buildFavePlanPrompt(input: {
  question: string;
  interpretation: string;
  passages: readonly Passage[];
  maxSubQuestions: number;
}): ChatMessage[] {
  const sections = [
    ...new Set(input.passages.map((passage) => formatHeadingPath(passage.headingPath))),
  ];
  const user = [
    `Question: ${input.question}`,
    `Interpretation: ${input.interpretation}`,
    '',
    'Sections of the documents found:',
    ...sections.map((section) => `- ${section}`),
  ].join('\n');
  return [
    { role: 'system', content: INSTRUCTIONS.replace('{max}', String(input.maxSubQuestions)) },
    { role: 'user', content: user },
  ];
}
