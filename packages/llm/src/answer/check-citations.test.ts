import { describe, expect, it } from 'vitest';
import { checkCitations } from './check-citations';

describe('checkCitations', () => {
  it('keeps valid markers and reports the passages used', () => {
    const checked = checkCitations('Reset it at netpass [1]. It works after 5 minutes [2].', 2);
    expect(checked).toEqual({
      text: 'Reset it at netpass [1]. It works after 5 minutes [2].',
      used: [1, 2],
      supported: true,
      removedMarkers: 0,
      droppedSentences: 0,
    });
  });

  it('removes a marker pointing to no given passage and keeps the sentence when another remains', () => {
    const checked = checkCitations('Reset it at netpass [1][7].', 2);
    expect(checked.text).toBe('Reset it at netpass [1].');
    expect(checked.removedMarkers).toBe(1);
  });

  it('drops a sentence whose only marker is out of range, and [0]', () => {
    const checked = checkCitations('Reset it at netpass [1]. Call Bob on 555-0100 [7]. Or [0].', 2);
    expect(checked.text).toBe('Reset it at netpass [1].');
    expect(checked.used).toEqual([1]);
    expect(checked.removedMarkers).toBe(2);
    expect(checked.droppedSentences).toBe(2);
  });

  it('drops an uncited sentence', () => {
    const checked = checkCitations('Reset it at netpass [1]. Also, the CEO loves cats.', 2);
    expect(checked.text).toBe('Reset it at netpass [1].');
    expect(checked.droppedSentences).toBe(1);
  });

  it('renumbers markers in order of first use', () => {
    const checked = checkCitations('Okta first [3]. Then VPN [1]. Okta again [3][1].', 3);
    expect(checked.text).toBe('Okta first [1]. Then VPN [2]. Okta again [1][2].');
    expect(checked.used).toEqual([3, 1]);
  });

  it('reads markers after the full stop, grouped markers and list items', () => {
    const text = 'Steps:\n- Open netpass. [2]\n- Choose reset [1, 2].\n- Wait.';
    const checked = checkCitations(text, 2);
    expect(checked.text).toBe('- Open netpass. [1]\n- Choose reset [2][1].');
    expect(checked.used).toEqual([2, 1]);
  });

  it('is unsupported when nothing cited remains', () => {
    const checked = checkCitations('The passages do not say how to reset it. See [5].', 2);
    expect(checked).toMatchObject({ text: '', used: [], supported: false });
  });

  it('does not count a marker alone as a cited sentence, nor read links as markers', () => {
    expect(checkCitations('[1]', 1).supported).toBe(false);
    expect(checkCitations('See [the guide](https://x.example) [1].', 1).text).toBe(
      'See [the guide](https://x.example) [1].',
    );
  });

  it('keeps decimals and splits only at sentence ends', () => {
    const checked = checkCitations('You get 1.5 days [1]. Unrelated claim.', 1);
    expect(checked.text).toBe('You get 1.5 days [1].');
  });
});
