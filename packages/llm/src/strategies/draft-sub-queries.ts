import { mapWithConcurrency } from '@clarify/core';
import type { ChatModel, Passage } from '@clarify/core';
import { buildSubQueryPrompt, SUB_QUERY_SCHEMA } from './adf-prompt';
import { offlineSubQuery } from './offline-sub-query';
import { oneLine } from './passages-prompt';
import type { PassageCluster } from './read-clusters';
import { waveCosts } from './wave-costs';
import type { WaveCosts } from './wave-costs';

/** A cluster's sub-query and, when a model wrote one, its HyDE pseudo-passage. */
export type SubQueryDraft = { cluster: PassageCluster; subQuery: string; hyde: string | null };

/** Passages of a cluster shown to the model (as ADF's code). */
const PROMPT_PASSAGES = 3;

/**
 * ADF steps 8–9 for the relevant clusters. With a model: one structured call per cluster, at
 * most `concurrency` in flight, writing the grounded sub-query and the HyDE text together; an
 * empty or malformed reply abstains (the cluster is dropped). Without one: `offlineSubQuery`
 * against the other retrieved passages, no HyDE, no calls.
 */
export async function draftSubQueries(input: {
  question: string;
  clusters: readonly PassageCluster[];
  retrieved: readonly Passage[];
  model: ChatModel | undefined;
  maxTokens: number;
  concurrency: number;
  signal?: AbortSignal;
}): Promise<{ drafts: SubQueryDraft[]; costs: WaveCosts }> {
  const { question, clusters, model } = input;
  if (model === undefined) {
    const drafts = clusters.map((cluster) => {
      const others = input.retrieved.filter((passage) => !cluster.passages.includes(passage));
      const subQuery = offlineSubQuery({ question, cluster: cluster.passages, others });
      return { cluster, subQuery, hyde: null };
    });
    return { drafts, costs: waveCosts([]) };
  }
  const completions = await mapWithConcurrency(clusters, input.concurrency, (cluster) =>
    model.completeStructured({
      messages: buildSubQueryPrompt(question, cluster.passages.slice(0, PROMPT_PASSAGES)),
      schema: SUB_QUERY_SCHEMA,
      maxTokens: input.maxTokens,
      purpose: 'adf-sub-query',
      signal: input.signal,
    }),
  );
  const drafts = clusters.flatMap((cluster, index): SubQueryDraft[] => {
    const value = completions[index]?.value;
    const subQuery = oneLine(value?.subQuery ?? '');
    const hyde = value?.hypotheticalPassage.trim() ?? '';
    return subQuery === '' ? [] : [{ cluster, subQuery, hyde: hyde === '' ? null : hyde }];
  });
  return { drafts, costs: waveCosts(completions) };
}
