import type { Citation, Reply } from '@clarify/core';
import type {
  BenchmarkQuestion,
  CitedPassage,
  PredictedInterpretation,
  QuestionRun,
} from '../types';

/**
 * A reply as the metrics see it: the decision, and the interpretations shown — a clarify's
 * options (their extracted answers), or the direct answer as one interpretation — each with the
 * passages it cites (document id and chunk text, for the alias check).
 */
export function toQuestionRun(
  question: BenchmarkQuestion,
  reply: Reply,
  texts: ReadonlyMap<string, string>,
  latencyMs: number,
): QuestionRun {
  const cited = (citations: readonly Citation[]): CitedPassage[] =>
    citations.map((citation) => ({
      id: citation.documentId,
      text: texts.get(citation.chunkId) ?? '',
    }));
  let interpretations: PredictedInterpretation[] = [];
  if (reply.kind === 'answer') {
    interpretations = [
      {
        text: reply.interpretedAs ?? question.question,
        answer: reply.text,
        citations: cited(reply.citations),
      },
    ];
  } else if (reply.kind === 'clarify') {
    interpretations = reply.options.map((option) => ({
      text: option.interpretation,
      answer: option.answer,
      citations: cited(option.citations),
    }));
  }
  return {
    question,
    decision: reply.kind,
    interpretations,
    cost: {
      llmCalls: reply.trace.llmCalls,
      promptTokens: reply.trace.promptTokens,
      completionTokens: reply.trace.completionTokens,
      retrievalCalls: reply.trace.retrievalCalls,
      latencyMs,
    },
  };
}

/** The chunk ids a reply cites, to load their texts in one query. */
export function citedChunkIds(reply: Reply): string[] {
  if (reply.kind === 'answer') return reply.citations.map((citation) => citation.chunkId);
  if (reply.kind === 'clarify') {
    return reply.options.flatMap((option) => option.citations.map((citation) => citation.chunkId));
  }
  return [];
}
