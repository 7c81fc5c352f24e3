import type { Interpretation, InterpretationCandidate } from '../conversation';
import type { Embedder } from '../embedder';
import { ClarifyError } from '../errors';
import { CONSOLIDATION_SETTINGS, type ConsolidationSetting } from './consolidation-settings';
import { cosineDistances } from './cosine-distances';
import { withoutSharedPrefix } from './distinctive-wording';
import { groupCandidates } from './group-candidates';
import { medoidOf } from './medoid';
import { mergeEqualAnswers } from './merge-equal-answers';
import { normalizeAnswer } from './normalize-answer';
import { orderPassages, retrievalPositions } from './retrieval-rank';
import type { DistanceMatrix } from './single-linkage';

/** Dependencies and knobs of `consolidateInterpretations`. */
export type ConsolidateOptions = {
  /** Embeds "interpretation ; answer" (unit vectors, one call per consolidation). */
  embedder: Embedder;
  setting: ConsolidationSetting;
  /** Cancels the embed call; an aborted signal rejects with its reason. */
  signal?: AbortSignal;
};

/** The text embedded per candidate: VerDICt's f(q̂ ; ŷ). */
export function consolidationText(candidate: InterpretationCandidate): string {
  return `${candidate.interpretation} ; ${candidate.answer}`;
}

type Group = { interpretation: Interpretation; bestPosition: number; medoid: number };

function toGroup(
  candidates: readonly InterpretationCandidate[],
  members: readonly number[],
  context: { distances: DistanceMatrix; positions: readonly number[] },
): Group {
  const medoid = medoidOf(members, context.distances, context.positions);
  const chosen = candidates[medoid];
  if (!chosen) throw new ClarifyError('invalid_input', `no candidate ${medoid} to consolidate`);
  const passages = members.flatMap((member) => candidates[member]?.passage ?? []);
  return {
    interpretation: {
      interpretation: chosen.interpretation,
      answer: chosen.answer,
      evidence: chosen.evidence,
      passages: orderPassages(passages),
      support: members.length,
    },
    bestPosition: Math.min(...members.map((member) => context.positions[member] ?? Infinity)),
    medoid,
  };
}

/**
 * Pipeline stage 6, VerDICt's consolidation: embeds "interpretation ; answer" of every candidate
 * (one embed call), clusters them with HDBSCAN under the chosen setting, drops noise, and keeps
 * each cluster's medoid with the passages of all its members (de-duplicated, in retrieval
 * order) and its size as support. Candidates with equal normalised answers end in one
 * interpretation. Small sets follow the small-n rules of `groupCandidates`. Returns the
 * interpretations by support (descending), then by their best passage's retrieval rank.
 */
export async function consolidateInterpretations(
  candidates: readonly InterpretationCandidate[],
  options: ConsolidateOptions,
): Promise<Interpretation[]> {
  options.signal?.throwIfAborted();
  const positions = retrievalPositions(candidates.map((candidate) => candidate.passage));
  if (candidates.length === 0) return [];
  if (candidates.length === 1) {
    return [toGroup(candidates, [0], { distances: [[0]], positions }).interpretation];
  }
  const distinctive = withoutSharedPrefix(candidates.map((candidate) => candidate.interpretation));
  const texts = candidates.map((candidate, index) =>
    consolidationText({
      ...candidate,
      interpretation: distinctive[index] ?? candidate.interpretation,
    }),
  );
  const vectors = await options.embedder.embed(texts, {
    signal: options.signal,
  });
  options.signal?.throwIfAborted();
  if (vectors.length !== candidates.length) {
    throw new ClarifyError(
      'embedding_failed',
      `embedder returned ${vectors.length} vectors for ${candidates.length} texts`,
    );
  }
  const distances = cosineDistances(vectors);
  const groups = mergeEqualAnswers(
    groupCandidates({ distances, positions, parameters: CONSOLIDATION_SETTINGS[options.setting] }),
    candidates.map((candidate) => normalizeAnswer(candidate.answer)),
  );
  return groups
    .map((members) => toGroup(candidates, members, { distances, positions }))
    .sort(
      (left, right) =>
        right.interpretation.support - left.interpretation.support ||
        left.bestPosition - right.bestPosition ||
        left.medoid - right.medoid,
    )
    .map((group) => group.interpretation);
}
