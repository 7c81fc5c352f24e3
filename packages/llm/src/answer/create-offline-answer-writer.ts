import { toCitation } from '@clarify/core';
import type { AnswerWriter, Citation, WrittenAnswer } from '@clarify/core';
import { readableRow } from '@clarify/offline';
import { pickSentences } from './pick-sentences';
import type { PickedSentence } from './pick-sentences';
import { uniquePassages } from './unique-passages';
import { writeAllSections } from './write-all-sections';

/** Options of the offline (extractive) answer writer. */
export type OfflineAnswerWriterOptions = {
  /** Most sentences in one answer (default 3). */
  maxSentences?: number;
  /** Most passages of an interpretation considered (default 8). */
  maxPassages?: number;
};

const STEP_NUMBER = /^\d{1,3}\. /;

/**
 * The offline stages 8 and 9: an extractive answer made of the best 1–3 sentences of the
 * interpretation's passages, each followed by the `[n]` marker of the passage it came from.
 * Citations are the cited passages only, one per chunk, numbered in order of first use.
 * "Answer all" writes one such section per interpretation with a shared citation list.
 * Makes no LLM call.
 */
export function createOfflineAnswerWriter(options: OfflineAnswerWriterOptions = {}): AnswerWriter {
  const maxSentences = options.maxSentences ?? 3;
  const maxPassages = options.maxPassages ?? 8;

  const write: AnswerWriter['write'] = ({ question, interpretation }) => {
    const passages = uniquePassages(interpretation.passages, maxPassages);
    const picked = pickSentences({ question, interpretation, passages, maxSentences });
    const citations: Citation[] = [];
    const sentences = picked.map((sentence) => {
      const passage = passages[sentence.passageIndex];
      if (passage === undefined) return null;
      // Passages of one document under one heading read as one source: one number.
      const citation = toCitation(passage);
      let number =
        citations.findIndex(
          (other) => other.documentId === citation.documentId && other.heading === citation.heading,
        ) + 1;
      if (number === 0) number = citations.push(citation);
      return withMarker(sentence, number);
    });
    // A procedure's steps keep their numbers, each on its own line; a lone step reads as a
    // sentence ("Open https://id.example.com and click Forgot password").
    const written = sentences.filter((sentence) => sentence !== null);
    const steps = written.filter((sentence) => STEP_NUMBER.test(sentence)).length;
    const text = written
      .map((sentence) => (steps < 2 ? sentence.replace(STEP_NUMBER, '') : sentence))
      .map((sentence, index) =>
        index > 0 && STEP_NUMBER.test(sentence) ? `\n${sentence}` : ` ${sentence}`,
      )
      .join('')
      .trim();
    return Promise.resolve(answer(text, citations));
  };

  return {
    write,
    writeAll: ({ question, interpretations, signal }) =>
      writeAllSections({ question, interpretations, signal, concurrency: 1, write }),
  };
}

function answer(text: string, citations: Citation[]): WrittenAnswer {
  return {
    text,
    citations,
    supported: citations.length > 0,
    llmCalls: 0,
    usage: { promptTokens: 0, completionTokens: 0 },
  };
}

/**
 * "Reset it at netpass [1]." — the marker goes before the final full stop; a list item or table
 * row without one gets one, and a line leading into a list ends with one instead of its colon.
 */
function withMarker(sentence: PickedSentence, number: number): string {
  // A lead-in ("receives 26 vacation days per calendar year:") ends where its list would start.
  const text = readableRow(sentence.text.trim()).replace(/\s*:$/, '.');
  const end = /[.!]$/.exec(text);
  if (end === null)
    return /[\p{L}\p{N})]$/u.test(text) ? `${text} [${number}].` : `${text} [${number}]`;
  return `${text.slice(0, -1)} [${number}]${end[0]}`;
}
