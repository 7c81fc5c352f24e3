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

/** Dependencies and knobs of `consolidateInterpretations`. */
export type ConsolidateOptions = {
  /** Embeds "interpretation ; answer" (unit vectors, one call per consolidation). */
  embedder: Embedder;
  setting: ConsolidationSetting;
  /**
   * Differently worded candidates are different readings (see `ExtractionResult.labelled`):
   * never merged, never clustered (`labelledReadings`).
   */
  keepReadingsApart?: boolean;
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
  medoid: number,
  positions: readonly number[],
): Group {
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
      ...(chosen.basis && { basis: chosen.basis }),
    },
    bestPosition: Math.min(...members.map((member) => positions[member] ?? Infinity)),
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
  const readings = sameReadings(candidates, positions);
  if (readings.length === 1) {
    const members = readings[0] ?? [];
    return [toGroup(candidates, members, members[0] ?? 0, positions).interpretation];
  }
  if (options.keepReadingsApart) return labelledReadings(candidates, readings, positions);
  // One point per distinct reading, represented by its best-ranked candidate.
  const representatives = readings.map((members) => members[0] ?? 0);
  const distinctive = withoutSharedPrefix(
    representatives.map((index) => candidates[index]?.interpretation ?? ''),
  );
  const texts = representatives.map((index, reading) => {
    const candidate = candidates[index] as InterpretationCandidate;
    return consolidationText({
      ...candidate,
      interpretation: distinctive[reading] ?? candidate.interpretation,
    });
  });
  const vectors = await options.embedder.embed(texts, { signal: options.signal });
  options.signal?.throwIfAborted();
  if (vectors.length !== texts.length) {
    throw new ClarifyError(
      'embedding_failed',
      `embedder returned ${vectors.length} vectors for ${texts.length} texts`,
    );
  }
  const distances = cosineDistances(vectors);
  // Readings are ordered by their best candidate's retrieval rank, so positions are 1, 2, …
  const readingPositions = readings.map((_, reading) => reading + 1);
  const clustered = groupCandidates({
    distances,
    positions: readingPositions,
    parameters: CONSOLIDATION_SETTINGS[options.setting],
  });
  const groups = clustered.map((clusterReadings) => ({
    members: clusterReadings.flatMap((reading) => readings[reading] ?? []),
    medoid: representatives[medoidOf(clusterReadings, distances, readingPositions)] ?? 0,
  }));
  const merged = mergeEqualAnswers(
    groups.map((group) => group.members),
    candidates.map((candidate) => normalizeAnswer(candidate.answer)),
  );
  return merged
    .map((members) =>
      toGroup(candidates, members, medoidFor(members, groups, positions), positions),
    )
    .sort(
      (left, right) =>
        right.interpretation.support - left.interpretation.support ||
        left.bestPosition - right.bestPosition ||
        left.medoid - right.medoid,
    )
    .map((group) => group.interpretation);
}

/**
 * Readings an extractor labelled (see `keepReadingsApart`) are never merged, and there is
 * nothing to embed: density says nothing about labels that differ by construction, and a
 * distinct reading is by definition far from the others, so HDBSCAN would call it noise. The
 * extractor's answerability check is the filter; the decision shows the best supported.
 */
function labelledReadings(
  candidates: readonly InterpretationCandidate[],
  readings: readonly number[][],
  positions: readonly number[],
): Interpretation[] {
  return readings
    .map((members) => toGroup(candidates, members, members[0] ?? 0, positions))
    .sort(
      (left, right) =>
        right.interpretation.support - left.interpretation.support ||
        left.bestPosition - right.bestPosition,
    )
    .map((group) => group.interpretation);
}

/**
 * Candidates worded identically are one reading, whatever their answers (several passages of
 * one document, or an engine that labels readings): they are clustered as one point, so
 * differently worded answers neither scatter them nor make them noise. Each reading's members
 * are best-ranked first; readings come in the order of their best member.
 */
function sameReadings(
  candidates: readonly InterpretationCandidate[],
  positions: readonly number[],
): number[][] {
  const byReading = new Map<string, number[]>();
  candidates.forEach((candidate, index) => {
    const key = normalizeAnswer(candidate.interpretation) || `#${index}`;
    byReading.set(key, [...(byReading.get(key) ?? []), index]);
  });
  const byPosition = (left: number, right: number) =>
    (positions[left] ?? 0) - (positions[right] ?? 0);
  return [...byReading.values()]
    .map((members) => [...members].sort(byPosition))
    .sort((left, right) => byPosition(left[0] ?? 0, right[0] ?? 0));
}

/**
 * The medoid of the largest cluster inside a merged group; a group of candidates pulled in only
 * by equal answers takes its best-ranked member.
 */
function medoidFor(
  members: readonly number[],
  groups: ReadonlyArray<{ members: readonly number[]; medoid: number }>,
  positions: readonly number[],
): number {
  const largest = groups
    .filter((group) => members.includes(group.medoid))
    .sort((left, right) => right.members.length - left.members.length)[0];
  return largest?.medoid ?? bestPositioned(members, positions);
}

function bestPositioned(members: readonly number[], positions: readonly number[]): number {
  return (
    [...members].sort((left, right) => (positions[left] ?? 0) - (positions[right] ?? 0))[0] ?? 0
  );
}
