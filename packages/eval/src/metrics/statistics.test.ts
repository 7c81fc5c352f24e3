import { describe, expect, it } from 'vitest';
import { mean, nearestRank, ratio } from './statistics';

describe('nearestRank', () => {
  // The worked example of the nearest-rank method: 15, 20, 35, 40, 50.
  const values = [40, 15, 50, 35, 20];

  it('returns the value at rank ceil(p·n) of the sorted values', () => {
    expect(nearestRank(values, 0.05)).toBe(15);
    expect(nearestRank(values, 0.3)).toBe(20);
    expect(nearestRank(values, 0.4)).toBe(20);
    expect(nearestRank(values, 0.5)).toBe(35);
    expect(nearestRank(values, 0.95)).toBe(50);
    expect(nearestRank(values, 1)).toBe(50);
    expect(nearestRank(values, 0)).toBe(15);
  });

  it('does not reorder its input and is null for no values', () => {
    nearestRank(values, 0.5);
    expect(values).toEqual([40, 15, 50, 35, 20]);
    expect(nearestRank([], 0.5)).toBeNull();
  });
});

describe('ratio and mean', () => {
  it('are null when there is nothing to divide by', () => {
    expect(ratio(0, 0)).toBeNull();
    expect(ratio(1, 4)).toBe(0.25);
    expect(mean([])).toBeNull();
    expect(mean([1, 2, 6])).toBe(3);
  });
});
