import { tracedSearch } from '@clarify/core';
import type {
  ChatModel,
  Interpretation,
  InterpretationStrategy,
  Passage,
  Retriever,
} from '@clarify/core';
import { buildRacPrompt, RAC_SCHEMA } from './rac-prompt';
import { structuredStage } from './structured-stage';

export type RacStrategyOptions = {
  model: ChatModel;
  retriever: Retriever;
  /** Passages retrieved and put in the one call (default 20, as VerDICt's RAC baseline). */
  topK?: number;
  /** Completion token cap of the call (default 1000). */
  maxTokens?: number;
};

type Listed = { interpretation: string; answer: string; passages: number[] };

/**
 * The `rac` comparison strategy (retrieval-augmented clarification, Kim et al. 2023, as VerDICt
 * ran it): retrieve top-k, then one long-context structured call lists every interpretation the
 * passages support, each with a short answer and the `[n]` of its passages. Interpretations
 * citing no valid passage are dropped; malformed output is an abstention (no interpretations).
 * Costs per question: 1 LLM call in 1 round (2 when malformed output is retried), 1 retrieval.
 */
export function createRacStrategy(options: RacStrategyOptions): InterpretationStrategy {
  const { model, retriever } = options;
  const topK = options.topK ?? 20;
  const maxTokens = options.maxTokens ?? 1000;
  return {
    name: 'rac',
    async interpret({ question, scope, tracer, signal }) {
      const retrieved = await tracedSearch(tracer, retriever, { query: question, k: topK, scope });
      if (retrieved.length === 0) return { interpretations: [], retrieved };
      const listed = await structuredStage({
        tracer,
        name: 'list-interpretations',
        model,
        request: {
          messages: buildRacPrompt(question, retrieved),
          schema: RAC_SCHEMA,
          maxTokens,
          purpose: 'rac-list-interpretations',
          signal,
        },
        detail: (value) => ({ listed: value?.interpretations.length ?? 0 }),
      });
      const interpretations = (listed.value?.interpretations ?? []).flatMap((item) => {
        const grounded = grounding(item, retrieved);
        return grounded === null ? [] : [grounded];
      });
      return { interpretations, retrieved };
    },
  };
}

/** The listed reading with its cited passages (valid, unique, in retrieval order), or null. */
function grounding(item: Listed, retrieved: readonly Passage[]): Interpretation | null {
  const interpretation = item.interpretation.trim();
  const numbers = [...new Set(item.passages)]
    .filter((number) => Number.isInteger(number) && number >= 1 && number <= retrieved.length)
    .sort((left, right) => left - right);
  if (interpretation === '' || numbers.length === 0) return null;
  const passages = numbers.map((number) => retrieved[number - 1] as Passage);
  return {
    interpretation,
    answer: item.answer.trim(),
    evidence: '',
    passages,
    support: passages.length,
  };
}
