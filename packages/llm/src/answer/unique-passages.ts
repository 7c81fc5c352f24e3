import type { Passage } from '@clarify/core';

/** The passages without repeats of a chunk (first occurrence wins), at most `limit` of them. */
export function uniquePassages(passages: readonly Passage[], limit: number): Passage[] {
  const seen = new Set<string>();
  const unique: Passage[] = [];
  for (const passage of passages) {
    if (unique.length >= limit) break;
    if (seen.has(passage.chunkId)) continue;
    seen.add(passage.chunkId);
    unique.push(passage);
  }
  return unique;
}
