import { describe, expect, it } from 'vitest';
import { createFeatureCounts } from './feature-counts';

function entries(counts: ReturnType<typeof createFeatureCounts>): Map<number, number> {
  const result = new Map<number, number>();
  counts.forEach((hash, count) => result.set(hash, count));
  return result;
}

describe('createFeatureCounts', () => {
  it('sums counts per hash, including negative and unsigned 32-bit hashes', () => {
    const counts = createFeatureCounts();
    counts.add(7, 1);
    counts.add(-7, 2);
    counts.add(7, 3);
    counts.add(0x811c9dc5, 1);
    counts.add(0x811c9dc5 | 0, 1);
    expect(entries(counts)).toEqual(
      new Map([
        [7, 4],
        [-7, 2],
        [0x811c9dc5 | 0, 2],
      ]),
    );
  });

  it('grows past its initial capacity without losing counts', () => {
    const counts = createFeatureCounts();
    for (let round = 0; round < 2; round++) {
      for (let hash = 0; hash < 20_000; hash++) counts.add(Math.imul(hash, 0x9e3779b1), 1);
    }
    const result = entries(counts);
    expect(result.size).toBe(20_000);
    expect([...result.values()].every((count) => count === 2)).toBe(true);
  });

  it('forgets everything on clear', () => {
    const counts = createFeatureCounts();
    counts.add(1, 1);
    counts.clear();
    counts.add(2, 1);
    expect(entries(counts)).toEqual(new Map([[2, 1]]));
  });
});
