import type { ConsolidationSetting } from '@clarify/core';
import {
  ClarifyError,
  createRagStrategy,
  createVerdictStrategy,
  type ChatModel,
  type Embedder,
  type InterpretationStrategy,
  type Retriever,
  type StrategyName,
} from '@clarify/core';
import {
  createAdfStrategy,
  createDivaStrategy,
  createRacStrategy,
  type PipelineStages,
} from '@clarify/llm';

export type StrategyDeps = {
  retriever: Retriever;
  embedder: Embedder;
  /** The chat model when an LLM is configured; null offline. */
  chatModel: ChatModel | null;
  stages: PipelineStages;
  /** The offline stages, when `stages` use the LLM. */
  fallbackStages: PipelineStages | undefined;
  consolidation: ConsolidationSetting;
  topK: number;
};

/**
 * The configured strategy (stages 4–6), over the same retriever, embedder and chat model for
 * all of them so `clarify eval` compares like with like. `diva` and `rac` exist only with an
 * LLM; `verdict`, `adf` and `rag` also run offline.
 */
export function createStrategy(name: StrategyName, deps: StrategyDeps): InterpretationStrategy {
  const { retriever, embedder, chatModel, topK } = deps;
  switch (name) {
    case 'verdict':
      return createVerdictStrategy({
        retriever,
        embedder,
        extractor: deps.stages.extractor,
        fallbackExtractor: deps.fallbackStages?.extractor,
        consolidation: deps.consolidation,
        topK,
      });
    case 'rag':
      return createRagStrategy({ retriever, topK });
    case 'adf':
      return createAdfStrategy({ retriever, embedder, ...(chatModel && { model: chatModel }) });
    case 'diva':
      return createDivaStrategy({ model: requireModel(name, chatModel), retriever });
    case 'rac':
      return createRacStrategy({ model: requireModel(name, chatModel), retriever, topK });
  }
}

function requireModel(name: StrategyName, chatModel: ChatModel | null): ChatModel {
  if (chatModel !== null) return chatModel;
  throw new ClarifyError(
    'config_invalid',
    `the ${name} strategy needs an LLM: set LLM_PROVIDER=openai with LLM_MODEL and LLM_API_KEY, or choose verdict, adf or rag`,
  );
}
