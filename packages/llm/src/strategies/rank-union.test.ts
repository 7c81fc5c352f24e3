import { describe, expect, it } from 'vitest';
import { fuseByReciprocalRank } from './rank-union';
import { passage } from './strategy-fixtures.test-helper';

const item = (id: string) => passage({ id, title: id, text: id });
const [a, b, c, d, e] = [item('a'), item('b'), item('c'), item('d'), item('e')];

function order(lists: Parameters<typeof fuseByReciprocalRank>[0], k?: number): string[] {
  return fuseByReciprocalRank(lists, k).map((found) => found.documentId);
}

describe('fuseByReciprocalRank', () => {
  it('sums 1/(60 + rank) over the lists, each passage once', () => {
    // b and d: 1/62 + 1/61 each (b seen first); then a: 1/61; then c: 1/63.
    expect(order([[a, b, c], [b, d], [d]])).toEqual(['b', 'd', 'a', 'c']);
  });

  it('with k = 60 two third places beat one first place; with k = 0 they do not', () => {
    const lists = [
      [a, d, b],
      [e, c, b],
    ].map((list) => list.filter((item) => item !== undefined));
    expect(order(lists)[0]).toBe('b');
    expect(order(lists, 0)[0]).toBe('a');
  });
});
