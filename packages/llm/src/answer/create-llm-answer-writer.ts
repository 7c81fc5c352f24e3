import { toCitation } from '@clarify/core';
import type { AnswerWriter, ChatModel, Passage, WrittenAnswer } from '@clarify/core';
import { buildAnswerPrompt } from './answer-prompt';
import { checkCitations } from './check-citations';
import { uniquePassages } from './unique-passages';
import { writeAllSections } from './write-all-sections';
import { writeFactored } from './write-factored';

/** Options of the LLM answer writer. */
export type LlmAnswerWriterOptions = {
  chatModel: ChatModel;
  /** Completion token cap per call (default 600; RELIABILITY RG-4). */
  maxTokens?: number;
  /** Most passages of an interpretation put in the prompt (default 8). */
  maxPassages?: number;
  /** Most answer calls in flight for "answer all" and sub-questions (default 4). */
  concurrency?: number;
  /**
   * FaVe: plan broad questions into sub-questions answered in parallel (default true). Only
   * questions whose passages span several sections are planned; others take one call.
   */
  factored?: boolean;
  /** Most sub-questions of a broad question (default 4). */
  maxSubQuestions?: number;
};

/**
 * Stages 8 and 9 with a chat model: one call per interpretation, answering it from its numbered
 * passages only, every sentence citing `[n]`. The reply is checked with `checkCitations`:
 * markers to passages not given are removed, sentences left uncited dropped, markers renumbered
 * to the citations used. Nothing cited left → `supported: false`. "Answer all" runs one call per
 * interpretation (bounded) and merges the sections with one shared citation list. A broad
 * question is answered FaVe-style (see `writeFactored`): sub-questions planned at once, answered
 * in parallel from their own passages.
 */
export function createLlmAnswerWriter(options: LlmAnswerWriterOptions): AnswerWriter {
  const { chatModel } = options;
  const maxTokens = options.maxTokens ?? 600;
  const maxPassages = options.maxPassages ?? 8;
  const concurrency = options.concurrency ?? 4;

  const factored = options.factored ?? true;
  const maxSubQuestions = options.maxSubQuestions ?? 4;

  const writeOne: AnswerWriter['write'] = async ({ question, interpretation, signal }) => {
    const passages = uniquePassages(interpretation.passages, maxPassages);
    if (passages.length === 0) return unsupported(0, { promptTokens: 0, completionTokens: 0 });
    const completion = await chatModel.complete({
      messages: buildAnswerPrompt({
        question,
        interpretation: interpretation.interpretation,
        passages,
      }),
      maxTokens,
      temperature: 0,
      purpose: 'write-answer',
      signal,
    });
    const checked = checkCitations(completion.text, passages.length);
    // The model's "the passages do not say" carries no marker and is dropped with the rest.
    if (!checked.supported) return unsupported(1, completion.usage);
    return {
      text: checked.text,
      citations: checked.used.map((number) => toCitation(passages[number - 1] as Passage)),
      supported: true,
      llmCalls: 1,
      usage: completion.usage,
    };
  };

  const write: AnswerWriter['write'] = ({ question, interpretation, signal }) =>
    factored
      ? writeFactored({
          chatModel,
          question,
          interpretation,
          passages: uniquePassages(interpretation.passages, maxPassages),
          maxSubQuestions,
          maxTokens: 300,
          concurrency,
          signal,
          writeOne,
        })
      : writeOne({ question, interpretation, signal });

  return {
    write,
    // Each interpretation is already one part of the question: no further planning.
    writeAll: ({ question, interpretations, signal }) =>
      writeAllSections({ question, interpretations, signal, concurrency, write: writeOne }),
  };
}

function unsupported(llmCalls: number, usage: WrittenAnswer['usage']): WrittenAnswer {
  return { text: '', citations: [], supported: false, llmCalls, usage };
}
