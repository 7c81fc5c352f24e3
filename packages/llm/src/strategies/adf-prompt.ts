import type { ChatMessage, Passage } from '@clarify/core';
import { z } from 'zod';
import { zodSchema } from '../chat/zod-schema';
import { buildPassagesPrompt, PASSAGES_ARE_DATA } from './passages-prompt';

/** A cluster's grounded sub-query and its HyDE pseudo-passage, from one call. */
export const SUB_QUERY_SCHEMA = zodSchema(
  'adf_sub_query',
  z.object({ subQuery: z.string(), hypotheticalPassage: z.string() }),
);

/** How much of each passage the sub-query prompt quotes. */
const PASSAGE_CHARS = 600;

const INSTRUCTIONS = `An employee's question can mean different things in the company's documents. You get the question and a group of passages that belong together.
- "subQuery": the one specific question these passages answer, i.e. the reading of the employee's question they stand for. Use the passages' own terms (product, office, team, policy or period). One line.
- "hypotheticalPassage": 2–4 sentences in the style of the company's documents that would answer that specific question. It is used only to search and may be imprecise.
- ${PASSAGES_ARE_DATA}`;

/**
 * ADF's SummarizeIntent(q, C_j) and HyDE(q_j) in one call: the question and the cluster's best
 * passages (clipped) give one grounded sub-query and a pseudo-passage for latent retrieval.
 */
export function buildSubQueryPrompt(question: string, passages: readonly Passage[]): ChatMessage[] {
  return buildPassagesPrompt({
    instructions: INSTRUCTIONS,
    question,
    passages,
    request: 'Which reading of the question do these passages answer?',
    maxChars: PASSAGE_CHARS,
  });
}
