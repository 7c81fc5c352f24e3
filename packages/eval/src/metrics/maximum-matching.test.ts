import { describe, expect, it } from 'vitest';
import { maximumMatching } from './maximum-matching';

const edgesOf = (edges: Array<[number, number]>) => (left: number, right: number) =>
  edges.some(([from, to]) => from === left && to === right);

describe('maximumMatching', () => {
  it('re-routes an earlier pair where a greedy pass would stop at one', () => {
    // Left 0 may take right 0 or 1, left 1 only right 0: greedy 0→0 leaves left 1 alone.
    const pairs = maximumMatching(
      [0, 1],
      [0, 1],
      edgesOf([
        [0, 0],
        [0, 1],
        [1, 0],
      ]),
    );
    expect(pairs).toEqual([
      { left: 0, right: 1 },
      { left: 1, right: 0 },
    ]);
  });

  it('gives each right item at most one left item', () => {
    const pairs = maximumMatching([0, 1, 2], [0], () => true);
    expect(pairs).toHaveLength(1);
  });

  it('is empty without edges or items', () => {
    expect(maximumMatching([0, 1], [0, 1], () => false)).toEqual([]);
    expect(maximumMatching([], [0], () => true)).toEqual([]);
  });
});
