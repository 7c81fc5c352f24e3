import { tracedSearch } from '@clarify/core';
import type {
  ChatModel,
  Embedder,
  Interpretation,
  InterpretationStrategy,
  Passage,
  RetrievalScope,
  Retriever,
  StrategyResult,
} from '@clarify/core';
import { draftSubQueries } from './draft-sub-queries';
import type { SubQueryDraft } from './draft-sub-queries';
import { fuseByReciprocalRank } from './rank-union';
import { readClusters } from './read-clusters';
import type { PassageCluster } from './read-clusters';

export type AdfStrategyOptions = {
  retriever: Retriever;
  /** Embeds the question and the retrieved passages (one call per question). */
  embedder: Embedder;
  /** Writes grounded sub-queries and HyDE passages; without one, offline sub-queries, no HyDE. */
  model?: ChatModel;
  /** Passages retrieved for the question, whose geometry is read (default 10: ADF's 2k). */
  topK?: number;
  /** Passages per interpretation and per retrieval pathway (default 5: ADF's k). */
  passagesPerInterpretation?: number;
  /** τ_var (default 0.25, ADF's value for AmbigNQ; 0.15 for ASQA). */
  dispersionThreshold?: number;
  /** τ_sep (default 0.1, ADF's value for AmbigNQ; 0.05 for ASQA). */
  separationThreshold?: number;
  /** τ_rel: least cosine of a cluster's centroid to the question (default 0.2, ADF). */
  relevanceThreshold?: number;
  /** Largest number of clusters (default 4, ADF's k_adaptive ≤ 4). */
  maxClusters?: number;
  /** Completion token cap of each sub-query call (default 300). */
  maxTokens?: number;
  /** Most sub-query calls in flight (default 4). */
  concurrency?: number;
};

/**
 * The `adf` comparison strategy (agentic disambiguation, Ramakrishnan et al. 2025): retrieve
 * top-10 and embed them; an unambiguous geometry (`assessCoherence`) or no cluster relevant to
 * the question (cos(question, centroid) < τ_rel) gives one interpretation, the question as asked
 * with its top passages. Otherwise each relevant cluster gets a sub-query (`draftSubQueries`:
 * grounded sub-query + HyDE from a model, or offline words), searched on both pathways and fused
 * by RRF (k = 60). A cluster's interpretation cites the fused top-5 ∩ relevant: a passage of the
 * top-10 that k-means put in another cluster belongs to another reading and is left out, one
 * new to the dual retrieval is kept (the retriever found it for a grounded sub-query). A cluster
 * left with no passage is dropped; none left gives the question as asked. ADF's final
 * structured synthesis is the assistant's answer writer: the strategy's answers are ''.
 * Costs per question: 0 LLM calls offline or when unambiguous, else m (clusters ≤ 4) in 1
 * round; 1 embedding call; 1 + m retrievals, 1 + 2m with HyDE.
 */
export function createAdfStrategy(options: AdfStrategyOptions): InterpretationStrategy {
  const { retriever, embedder, model } = options;
  const topK = options.topK ?? 10;
  const perInterpretation = options.passagesPerInterpretation ?? 5;
  const relevanceThreshold = options.relevanceThreshold ?? 0.2;
  const coherenceOptions = {
    dispersionThreshold: options.dispersionThreshold ?? 0.25,
    separationThreshold: options.separationThreshold ?? 0.1,
    maxClusters: options.maxClusters ?? 4,
  };
  const maxTokens = options.maxTokens ?? 300;
  const concurrency = options.concurrency ?? 4;

  /** The fused top passages of a draft's pathways that no other cluster claims. */
  async function dualRetrieve(
    draft: SubQueryDraft,
    owners: ReadonlyMap<string, number>,
    scope: RetrievalScope | undefined,
  ): Promise<Passage[]> {
    const queries = draft.hyde === null ? [draft.subQuery] : [draft.subQuery, draft.hyde];
    const lists = await Promise.all(
      queries.map((query) => retriever.search({ query, k: perInterpretation, scope })),
    );
    return fuseByReciprocalRank(lists)
      .slice(0, perInterpretation)
      .filter((passage) => {
        const owner = owners.get(passage.chunkId);
        return owner === undefined || owner === draft.cluster.label;
      });
  }

  return {
    name: 'adf',
    async interpret({ question, scope, tracer, signal }) {
      const retrieved = await tracedSearch(tracer, retriever, { query: question, k: topK, scope });
      if (retrieved.length === 0) return { interpretations: [], retrieved };
      const asAsked = (): StrategyResult => {
        const passages = retrieved.slice(0, perInterpretation);
        const interpretation = { interpretation: question, answer: '', evidence: '', passages };
        return { interpretations: [{ ...interpretation, support: retrieved.length }], retrieved };
      };

      const reading = await tracer.stage(
        'coherence',
        () =>
          readClusters({
            question,
            passages: retrieved,
            embedder,
            options: coherenceOptions,
            signal,
          }),
        (result) => ({
          detail: {
            embedCalls: 1,
            state: result.state,
            dispersion: result.dispersion,
            separation: result.separation,
            clusters: result.clusters.map(({ passages, relevance }) => ({
              size: passages.length,
              relevance,
            })),
          },
        }),
      );
      const clusters = reading.clusters.filter(({ relevance }) => relevance >= relevanceThreshold);
      if (clusters.length === 0) return asAsked();

      const { drafts } = await tracer.stage(
        'sub-queries',
        () =>
          draftSubQueries({ question, clusters, retrieved, model, maxTokens, concurrency, signal }),
        (result) => ({
          ...result.costs,
          detail: {
            offline: model === undefined,
            subQueries: result.drafts.map((draft) => draft.subQuery),
            abstained: clusters.length - result.drafts.length,
          },
        }),
      );
      const owners = ownersOf(reading.clusters);
      const cited = await tracer.stage(
        'dual-retrieve',
        () => Promise.all(drafts.map((draft) => dualRetrieve(draft, owners, scope))),
        (lists) => ({
          retrievalCalls: drafts.reduce((sum, draft) => sum + (draft.hyde === null ? 1 : 2), 0),
          detail: { passages: lists.map((list) => list.length) },
        }),
      );
      const interpretations = drafts.flatMap((draft, index): Interpretation[] => {
        const passages = cited[index] ?? [];
        if (passages.length === 0) return [];
        const support = draft.cluster.passages.length;
        return [{ interpretation: draft.subQuery, answer: '', evidence: '', passages, support }];
      });
      return interpretations.length > 0 ? { interpretations, retrieved } : asAsked();
    },
  };
}

/** Which cluster each clustered passage belongs to, by chunk id. */
function ownersOf(clusters: readonly PassageCluster[]): Map<string, number> {
  return new Map(
    clusters.flatMap(({ label, passages }) => passages.map(({ chunkId }) => [chunkId, label])),
  );
}
