import { describe, expect, it } from 'vitest';
import type { Interpretation } from '../conversation';
import { decide } from './decide';

const reading = (name: string, support: number): Interpretation => ({
  interpretation: `Which ${name}?`,
  answer: `The ${name} one.`,
  evidence: `The ${name} one.`,
  passages: [],
  support,
});

const readings = [1, 4, 2, 5, 3].map((support) => reading(`r${support}`, support));

describe('decide', () => {
  it('answers none, answers one, and asks with the best supported of several', () => {
    expect(decide([])).toEqual({ kind: 'no-answer' });
    expect(decide([reading('only', 1)])).toMatchObject({ kind: 'answer' });
    const decision = decide(readings);
    expect(decision.kind).toBe('clarify');
    if (decision.kind !== 'clarify') return;
    expect(decision.interpretations.map(({ support }) => support)).toEqual([5, 4, 3]);
  });

  it('offers as many options as asked, between two and five', () => {
    const shown = (maxOptions: number) => {
      const decision = decide(readings, maxOptions);
      return decision.kind === 'clarify' ? decision.interpretations.length : 0;
    };
    expect([shown(1), shown(2), shown(4), shown(5), shown(9)]).toEqual([2, 2, 4, 5, 5]);
  });
});
