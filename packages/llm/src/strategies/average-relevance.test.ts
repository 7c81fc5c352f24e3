import type { Passage } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { pruneByAverageRelevance } from './average-relevance';
import { passage } from './strategy-fixtures.test-helper';

function scored(id: string, score: number): Passage {
  return { ...passage({ id, title: id, text: id }), score };
}

describe('pruneByAverageRelevance', () => {
  it('ranks the union by relevance summed over the interpretations and keeps the top K', () => {
    const strong = scored('strong', 0.9);
    const shared = scored('shared', 0.3);
    const weak = scored('weak', 0.1);
    // S(strong) = 0.9/3, S(shared) = (0.3 + 0.3)/3, S(weak) = 0.1/3; absent counts 0.
    const pruned = pruneByAverageRelevance([[strong, shared], [shared], [weak]], 2);
    expect(pruned.union.map((item) => item.documentId)).toEqual(['strong', 'shared', 'weak']);
    expect([...pruned.kept]).toEqual([strong.chunkId, shared.chunkId]);
  });

  it('counts a passage once per list and breaks ties by first retrieval', () => {
    const first = scored('first', 0.5);
    const second = scored('second', 0.5);
    const pruned = pruneByAverageRelevance([[second, second], [first]], 5);
    expect(pruned.union.map((item) => item.documentId)).toEqual(['second', 'first']);
  });
});
