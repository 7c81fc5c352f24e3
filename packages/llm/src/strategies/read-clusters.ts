import { ClarifyError } from '@clarify/core';
import type { Embedder, Passage } from '@clarify/core';
import { assessCoherence } from './retrieval-coherence';
import type { Coherence, CoherenceOptions } from './retrieval-coherence';
import { cosine, meanVector, unitVector } from './vector-math';

/** A group of retrieved passages that read the question one way. */
export type PassageCluster = {
  /** Its number: clusters are numbered by their best-ranked passage. */
  label: number;
  /** Its passages, in retrieval order. */
  passages: Passage[];
  /** Cosine of the centroid of its passages to the question. */
  relevance: number;
};

export type ClusterReading = Omit<Coherence, 'labels'> & {
  /** Empty when the retrieved set is not split. */
  clusters: PassageCluster[];
};

/**
 * Embeds the question and the passage texts in one call and reads the passages' geometry
 * (`assessCoherence`); when it splits them, the clusters with their relevance to the question.
 */
export async function readClusters(input: {
  question: string;
  passages: readonly Passage[];
  embedder: Embedder;
  options: CoherenceOptions;
  signal?: AbortSignal;
}): Promise<ClusterReading> {
  const { passages } = input;
  const texts = [input.question, ...passages.map((passage) => passage.text)];
  const embedded = await input.embedder.embed(texts, { signal: input.signal });
  if (embedded.length !== texts.length) {
    const message = `the embedder returned ${embedded.length} vectors for ${texts.length} texts`;
    throw new ClarifyError('embedding_failed', message);
  }
  const [questionVector, ...vectors] = embedded.map(unitVector);
  const { labels, ...coherence } = assessCoherence(vectors, input.options);
  if (labels === null || questionVector === undefined) return { ...coherence, clusters: [] };
  const clusters = [...new Set(labels)].map((label) => {
    const members = labels.flatMap((member, index) => (member === label ? [index] : []));
    const centroid = meanVector(members.map((index) => vectors[index] as Float64Array));
    return {
      label,
      passages: members.map((index) => passages[index] as Passage),
      relevance: cosine(questionVector, centroid),
    };
  });
  return { ...coherence, clusters };
}
