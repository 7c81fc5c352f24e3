import { describe, expect, it } from 'vitest';
import type { Passage } from '../passage';
import { cosineDistances } from './cosine-distances';
import { orderPassages, retrievalPositions } from './retrieval-rank';

function passage(
  chunkId: string,
  score: number,
  denseRank: number | null,
  lexicalRank: number | null,
): Passage {
  return {
    chunkId,
    documentId: chunkId,
    sourceId: 'files',
    title: chunkId,
    uri: `file:///${chunkId}`,
    headingPath: [],
    text: chunkId,
    score,
    denseRank,
    similarity: null,
    lexicalRank,
    updatedAt: null,
  };
}

describe('retrieval order', () => {
  it('orders by fused score, then dense rank, then lexical rank (absent last), then chunk id', () => {
    const passages = [
      passage('lexical-only', 0.5, null, 1),
      passage('best', 0.9, 1, 1),
      passage('dense-2', 0.5, 2, null),
      passage('dense-1', 0.5, 1, 9),
      passage('tie-b', 0.5, 1, 9),
    ];
    expect(orderPassages(passages).map((item) => item.chunkId)).toEqual([
      'best',
      'dense-1',
      'tie-b',
      'dense-2',
      'lexical-only',
    ]);
    expect(retrievalPositions(passages)).toEqual([5, 1, 4, 2, 3]);
  });

  it('cites a chunk once, keeping its best-ranked copy', () => {
    const passages = [
      passage('a', 0.2, 3, null),
      passage('b', 0.5, 1, null),
      passage('a', 0.4, 2, null),
    ];
    expect(orderPassages(passages).map((item) => [item.chunkId, item.score])).toEqual([
      ['b', 0.5],
      ['a', 0.4],
    ]);
  });
});

describe('cosineDistances', () => {
  it('is 1 − dot, symmetric, zero on the diagonal and clamped at 0', () => {
    const distances = cosineDistances([
      Float32Array.of(1, 0),
      Float32Array.of(0, 1),
      Float32Array.of(Math.SQRT1_2, Math.SQRT1_2),
      Float32Array.of(1.0000001, 0),
    ]);
    expect(distances[0]?.[1]).toBe(1);
    expect(distances[1]?.[0]).toBe(1);
    expect(distances[0]?.[2]).toBeCloseTo(1 - Math.SQRT1_2, 6);
    expect(distances[0]?.[3]).toBe(0);
    expect(distances.map((row, index) => row[index])).toEqual([0, 0, 0, 0]);
  });

  it('rejects vectors of different lengths', () => {
    expect(() => cosineDistances([Float32Array.of(1), Float32Array.of(1, 0)])).toThrow(
      expect.objectContaining({ code: 'invalid_input' }),
    );
  });
});
