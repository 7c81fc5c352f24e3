import { countriesIn, type ReadReadings } from '@clarify/offline';
import type { ClarifyConfig } from '@clarify/config';
import {
  createAssistant,
  createHistoryGate,
  DEFAULT_MAX_OPTIONS,
  type Assistant,
  type AssistantSettings,
  type ChatModel,
} from '@clarify/core';
import { createPgClarificationStore } from '@clarify/db';
import {
  createLlmStages,
  createOfflineStages,
  createOpenAiChatModel,
  withCircuitBreaker,
  type LlmCircuit,
} from '@clarify/llm';
import { createStrategy } from './create-strategy';
import type { PipelineParts } from './pipeline-parts';
import { instrumentChatModel, instrumentCircuit } from './operations/instrument';
import { createStaleSources } from './freshness/stale-sources';
import { withFreshnessNotes } from './freshness/with-freshness-notes';

export type PipelineConfig = Pick<ClarifyConfig, 'llm' | 'pipeline'>;

export type ConfiguredAssistant = {
  assistant: Assistant;
  /** 'llm' when an LLM answers (with the offline engine as its fallback), else 'offline'. */
  engine: 'llm' | 'offline';
  strategy: ClarifyConfig['pipeline']['strategy'];
  /** The LLM's circuit breaker (null offline): readiness and metrics read its state. */
  circuit: LlmCircuit | null;
};

/**
 * The composition root of the question pipeline: the offline stages always (the default, and
 * the fallback when the LLM fails at run time, RELIABILITY LF-1/LF-3), the LLM stages over one
 * chat model when one is configured, and the configured strategy with the offline VerDICt as
 * its fallback.
 */
export function createConfiguredAssistant(
  config: PipelineConfig,
  parts: PipelineParts,
  options: {
    chatModel?: ChatModel;
    settings?: Partial<AssistantSettings>;
    /** Where the offline readings are worked out: a worker pool (`createReadingsPool`). */
    readReadings?: ReadReadings;
  } = {},
): ConfiguredAssistant {
  const guarded = options.chatModel ? null : createChatModel(config.llm);
  const chatModel = options.chatModel ?? guarded;
  const offline = createOfflineStages({
    wordFrequencies: parts.wordFrequencies,
    ...(options.readReadings && { readReadings: options.readReadings }),
  });
  const stages = chatModel ? createLlmStages(chatModel) : offline;
  const fallback = chatModel ? offline : undefined;
  const settings = {
    consolidation: config.pipeline.consolidation,
    maxOptions: config.pipeline.maxOptions,
    ...options.settings,
  };
  const shared = {
    retriever: parts.retriever,
    embedder: parts.embedder,
    consolidation: settings.consolidation,
    topK: settings.topK ?? 20,
  };
  const strategy = createStrategy(config.pipeline.strategy, {
    ...shared,
    chatModel,
    stages,
    fallbackStages: fallback,
  });
  const fallbackStrategy = chatModel
    ? createStrategy('verdict', {
        ...shared,
        chatModel: null,
        stages: offline,
        fallbackStages: undefined,
      })
    : undefined;
  const assistant = createAssistant({
    ...stages,
    ...(fallback && { fallback }),
    retriever: parts.retriever,
    embedder: parts.embedder,
    gate: createHistoryGate(),
    strategy,
    ...(fallbackStrategy && { fallbackStrategy }),
    conversations: parts.conversations,
    clarifications: createPgClarificationStore(parts.database.db),
    placesIn: countriesIn,
    settings,
  });
  const sources = parts.sources;
  return {
    assistant: sources
      ? withFreshnessNotes(assistant, createStaleSources({ list: () => sources.list() }))
      : assistant,
    engine: chatModel ? 'llm' : 'offline',
    strategy: config.pipeline.strategy,
    circuit: guarded?.circuit ?? null,
  };
}

/** The configured LLM behind its circuit breaker, or null offline. */
function createChatModel(
  config: ClarifyConfig['llm'],
): (ChatModel & { circuit: LlmCircuit }) | null {
  if (config.provider === 'offline') return null;
  const { provider: _provider, breaker, ...options } = config;
  const guarded = withCircuitBreaker(instrumentChatModel(createOpenAiChatModel(options)), breaker);
  instrumentCircuit(guarded.circuit);
  return guarded;
}

/** The embedded default: every stage offline, VerDICt, default consolidation. */
export const OFFLINE_PIPELINE: PipelineConfig = {
  llm: { provider: 'offline' },
  pipeline: { strategy: 'verdict', consolidation: 'default', maxOptions: DEFAULT_MAX_OPTIONS },
};
