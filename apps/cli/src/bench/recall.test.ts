import { describe, expect, it } from 'vitest';
import { readBytes } from '@clarify/ingest';
import { recallAtK } from './recall';
import { median, quantile } from './statistics';
import { createSyntheticCorpus } from './synthetic-corpus';

describe('recallAtK', () => {
  const exact = [
    { id: 1, distance: 0.1 },
    { id: 2, distance: 0.2 },
    { id: 3, distance: 0.3 },
    { id: 4, distance: 0.4 },
  ];

  it('counts exact ids (strict), near-equidistant stand-ins (tolerant) and the nearest', () => {
    const approximate = [
      { id: 1, distance: 0.1 },
      { id: 3, distance: 0.3 },
      { id: 9, distance: 0.402 }, // within 1% of the 4th exact distance
      { id: 8, distance: 0.5 },
    ];
    expect(recallAtK(approximate, exact)).toEqual({ strict: 0.5, tolerant: 0.75, nearest: 1 });
  });

  it('is 1 for an empty truth and 0 nearest when the first result differs', () => {
    expect(recallAtK([], [])).toEqual({ strict: 1, tolerant: 1, nearest: 1 });
    expect(recallAtK([{ id: 2, distance: 0.2 }], exact).nearest).toBe(0);
  });
});

describe('statistics', () => {
  it('takes nearest-rank quantiles', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.95)).toBe(10);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.5)).toBe(5);
  });
});

describe('createSyntheticCorpus', () => {
  it('is deterministic and sized by chunks', async () => {
    const first = createSyntheticCorpus({ chunks: 200, queries: 5 });
    const second = createSyntheticCorpus({ chunks: 200, queries: 5 });
    expect(first.documents).toBe(20);
    expect(first.queries).toEqual(second.queries);
    const [item] = await first.reader.list();
    const text = new TextDecoder().decode(await readBytes(item!));
    expect(text.match(/^## /gm)).toHaveLength(10);
    const expected = first.queries[0]!.expected;
    const items = await first.reader.list();
    const source = items.find((candidate) => candidate.externalId === expected)!;
    const words = new TextDecoder().decode(await readBytes(source));
    for (const word of first.queries[0]!.text.split(' ')) expect(words).toContain(word);
  });
});
