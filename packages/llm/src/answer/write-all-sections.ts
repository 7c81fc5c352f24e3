import { mapWithConcurrency } from '@clarify/core';
import type { AnswerWriter, Interpretation, WrittenAnswer } from '@clarify/core';
import { mergeSections } from './merge-sections';
import { sectionLabel } from './section-label';

type WriteInput = Parameters<AnswerWriter['write']>[0];

/**
 * Pipeline stage 9 for any writer: one section per interpretation (at most `concurrency`
 * written at a time), each led by what distinguishes its interpretation, merged with one shared,
 * renumbered citation list. Supported when any section is.
 */
export async function writeAllSections(input: {
  question: string;
  interpretations: readonly Interpretation[];
  signal?: AbortSignal;
  concurrency: number;
  write: (input: WriteInput) => Promise<WrittenAnswer>;
}): Promise<WrittenAnswer> {
  const { question, interpretations, signal } = input;
  const answers = await mapWithConcurrency(interpretations, input.concurrency, (interpretation) =>
    input.write({ question, interpretation, signal }),
  );
  const sections = answers.map((answer, index) => ({
    label: sectionLabel({
      question,
      interpretation: interpretations[index] as Interpretation,
      others: interpretations,
      index,
    }),
    text: answer.text,
    citations: answer.citations,
    supported: answer.supported,
  }));
  const merged = mergeSections(sections);
  return {
    text: merged.text,
    citations: merged.citations,
    supported: answers.some((answer) => answer.supported),
    llmCalls: answers.reduce((sum, answer) => sum + answer.llmCalls, 0),
    usage: {
      promptTokens: answers.reduce((sum, answer) => sum + answer.usage.promptTokens, 0),
      completionTokens: answers.reduce((sum, answer) => sum + answer.usage.completionTokens, 0),
    },
  };
}
