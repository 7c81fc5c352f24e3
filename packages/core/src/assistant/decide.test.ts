import { describe, expect, it } from 'vitest';
import type { Interpretation } from '../conversation';
import type { Passage } from '../passage';
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

  it('offers every row of a table an option shows, up to five, and no more loose readings', () => {
    const row = (role: string, support: number, documentId = 'hr/on-call.md'): Interpretation => ({
      ...reading(role, support),
      passages: [passage(documentId)],
      basis: { source: 'row', qualifier: role, dimension: 'Role' },
    });
    const rows = ['nurse', 'primary', 'secondary', 'service desk'].map((role, index) =>
      row(role, 9 - index),
    );
    const otherTable = row('elsewhere', 2, 'hr/other.md');
    const loose = { ...reading('loose', 1), passages: [passage('misc.md')] };
    const decision = decide([...rows, otherTable, loose]);
    expect(decision.kind === 'clarify' && decision.interpretations.map(nameOf)).toEqual([
      'nurse',
      'primary',
      'secondary',
      'service desk',
    ]);
    const many = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((role, index) => row(role, 9 - index));
    const capped = decide(many);
    expect(capped.kind === 'clarify' && capped.interpretations).toHaveLength(5);
  });
});

function passage(documentId: string): Passage {
  return {
    chunkId: `${documentId}#0`,
    documentId,
    sourceId: 'docs',
    title: documentId,
    uri: documentId,
    headingPath: [],
    text: '',
    score: 1,
    denseRank: 1,
    similarity: 1,
    lexicalRank: 1,
    updatedAt: null,
  };
}

function nameOf(interpretation: Interpretation): string {
  return interpretation.answer.replace(/^The | one\.$/g, '');
}
