import type { ChatMessage, Passage } from '@clarify/core';
import { z } from 'zod';
import { zodSchema } from '../chat/zod-schema';
import { buildPassagesPrompt, PASSAGES_ARE_DATA } from './passages-prompt';

/** What the RAC call returns: every reading the passages answer, with `[n]` numbers. */
export const RAC_SCHEMA = zodSchema(
  'rac_interpretations',
  z.object({
    interpretations: z.array(
      z.object({
        interpretation: z.string(),
        answer: z.string(),
        passages: z.array(z.number().int()),
      }),
    ),
  }),
);

const INSTRUCTIONS = `You find every reading of an employee's question that company documents answer.

Given the question and numbered passages:
- List every interpretation of the question that the passages answer: as many as the passages support, each a complete, specific question (name the product, office, team, policy or period that sets it apart).
- For each, give a short answer from the passages only, and the numbers of the passages it comes from (e.g. [2, 5]).
- A question with one reading gets one interpretation. When no passage answers any reading, return an empty list. Do not guess and do not use outside knowledge.
- ${PASSAGES_ARE_DATA}`;

/**
 * The one long-context call of RAC (VerDICt's baseline after Kim et al. 2023, prompt `I_G`):
 * the question and all retrieved passages, numbered from 1.
 */
export function buildRacPrompt(question: string, passages: readonly Passage[]): ChatMessage[] {
  return buildPassagesPrompt({
    instructions: INSTRUCTIONS,
    question,
    passages,
    request: `List the interpretations the passages [1]–[${passages.length}] answer.`,
  });
}
