import { tracedSearch } from './traced-search';
import type { ConsolidationSetting } from '../consolidate';
import { consolidateInterpretations } from '../consolidate';
import type { Embedder } from '../embedder';
import type { InterpretationExtractor } from '../interpretation-extractor';
import type { InterpretationStrategy } from '../interpretation-strategy';
import type { Retriever } from '../retriever';
import { withFallback } from '../with-fallback';

export type VerdictStrategyDeps = {
  retriever: Retriever;
  extractor: InterpretationExtractor;
  /** The offline extractor, used when the LLM one fails (RELIABILITY LF-1). */
  fallbackExtractor?: InterpretationExtractor;
  /** Embeds "interpretation ; answer" for consolidation. */
  embedder: Embedder;
  consolidation: ConsolidationSetting;
  /** Passages retrieved per question. */
  topK: number;
};

/**
 * VerDICt (the default): retrieve once, one (interpretation, answer) or an abstention per
 * passage in parallel, then cluster the pairs and keep one medoid per cluster. Interpretations
 * are grounded by construction; each carries the passages of all its cluster's members.
 */
export function createVerdictStrategy(deps: VerdictStrategyDeps): InterpretationStrategy {
  return {
    name: 'verdict',
    async interpret({ question, scope, tracer, onDegraded, signal }) {
      const retrieved = await tracedSearch(tracer, deps.retriever, {
        query: question,
        k: deps.topK,
        scope,
      });
      const fallback = deps.fallbackExtractor;
      const extraction = await tracer.stage(
        'extract-interpretations',
        () =>
          withFallback(
            () => deps.extractor.extract({ question, passages: retrieved, signal }),
            fallback && (() => fallback.extract({ question, passages: retrieved, signal })),
            onDegraded,
          ),
        (result) => ({
          llmCalls: result.llmCalls,
          usage: result.usage,
          detail: {
            candidates: result.candidates.length,
            abstained: result.abstained,
            readings: result.candidates.map((candidate) => ({
              reading: candidate.interpretation,
              ...candidate.basis,
              from: candidate.evidence,
              page: candidate.passage.documentId,
            })),
          },
        }),
      );
      const interpretations = await tracer.stage(
        'consolidate',
        () =>
          consolidateInterpretations(extraction.candidates, {
            embedder: deps.embedder,
            setting: deps.consolidation,
            keepReadingsApart: extraction.labelled === true,
            signal,
          }),
        (result) => ({ detail: { interpretations: result.map((item) => item.interpretation) } }),
      );
      return { interpretations, retrieved };
    },
  };
}
