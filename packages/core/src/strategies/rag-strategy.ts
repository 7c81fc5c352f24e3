import { tracedSearch } from './traced-search';
import type { InterpretationStrategy } from '../interpretation-strategy';
import type { Retriever } from '../retriever';

export type RagStrategyDeps = {
  retriever: Retriever;
  /** Passages retrieved per question. */
  topK: number;
  /** Passages the answer is written from. */
  answerPassages?: number;
};

/**
 * The `rag` baseline: retrieve top-k and answer the question as asked from the best passages.
 * It never clarifies; with nothing retrieved it has no interpretation (so: no answer).
 */
export function createRagStrategy(deps: RagStrategyDeps): InterpretationStrategy {
  const answerPassages = deps.answerPassages ?? 5;
  return {
    name: 'rag',
    async interpret({ question, scope, tracer }) {
      const retrieved = await tracedSearch(tracer, deps.retriever, {
        query: question,
        k: deps.topK,
        scope,
      });
      if (retrieved.length === 0) return { interpretations: [], retrieved };
      const interpretation = {
        interpretation: question,
        answer: '',
        evidence: '',
        passages: retrieved.slice(0, answerPassages),
        support: 1,
      };
      return { interpretations: [interpretation], retrieved };
    },
  };
}
