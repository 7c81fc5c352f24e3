import type { Passage } from '../passage';

function compareRanks(left: number | null, right: number | null): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return left - right;
}

/**
 * Orders passages as retrieval ranked them, best first: fused score descending, then dense rank,
 * then lexical rank (absent ranks last), then chunk id so the order is total.
 */
export function compareByRetrievalRank(left: Passage, right: Passage): number {
  if (left.score !== right.score) return right.score - left.score;
  return (
    compareRanks(left.denseRank, right.denseRank) ||
    compareRanks(left.lexicalRank, right.lexicalRank) ||
    (left.chunkId < right.chunkId ? -1 : left.chunkId > right.chunkId ? 1 : 0)
  );
}

/** Passages de-duplicated by chunk id (the best-ranked copy kept), best first. */
export function orderPassages(passages: readonly Passage[]): Passage[] {
  const seen = new Set<string>();
  return [...passages].sort(compareByRetrievalRank).filter((passage) => {
    if (seen.has(passage.chunkId)) return false;
    seen.add(passage.chunkId);
    return true;
  });
}

/** 1-based position of each passage in retrieval order (equal passages: lower index first). */
export function retrievalPositions(passages: readonly Passage[]): number[] {
  const order = passages
    .map((passage, index) => ({ passage, index }))
    .sort(
      (left, right) =>
        compareByRetrievalRank(left.passage, right.passage) || left.index - right.index,
    );
  const positions = new Array<number>(passages.length).fill(0);
  order.forEach(({ index }, position) => (positions[index] = position + 1));
  return positions;
}
