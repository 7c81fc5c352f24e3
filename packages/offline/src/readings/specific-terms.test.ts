import { describe, expect, it } from 'vitest';
import { specificTerms } from './specific-terms';

describe('specificTerms', () => {
  it('keeps names, ids and versions, not the capital that starts the question', () => {
    expect(specificTerms('How often does the NWL-Guest Wi-Fi password change?')).toEqual([
      'nwl',
      'guest',
      'wi',
      'fi',
    ]);
    expect(specificTerms("What's the SLA for a P1 ticket in Rotterdam?")).toEqual([
      'sla',
      'p1',
      'rotterdam',
    ]);
    expect(specificTerms('When does Lattice Cloud v2 reach end of life?')).toEqual([
      'lattic',
      'cloud',
      'v2',
    ]);
    expect(specificTerms('how do i reset my password?')).toEqual([]);
    // Lower-case hyphenated words are words, not identifiers.
    expect(specificTerms('Who co-wrote the on-call guide?')).toEqual([]);
  });

  it('leaves out the small words of a title, and starts again after "|"', () => {
    // Passages are matched without stop words: "The" or "With" would be absent from every one.
    expect(specificTerms('Who sings "Rock With You" by The Jacksons?')).toEqual([
      'rock',
      'jackson',
    ]);
    expect(specificTerms('When did the Browns return?|When did the Browns come back?')).toEqual([
      'brown',
    ]);
  });
});
