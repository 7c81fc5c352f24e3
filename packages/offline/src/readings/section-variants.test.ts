import { describe, expect, it } from 'vitest';
import type { Passage } from '@clarify/core';
import { sectionVariants } from './section-variants';

function section(chunkId: string, headings: string[]): Passage {
  return {
    chunkId,
    documentId: 'hr/payroll.md',
    sourceId: 'kb',
    title: 'Payroll',
    uri: 'file:///hr/payroll.md',
    headingPath: ['Payroll', ...headings],
    text: '',
    score: 0.02,
    denseRank: 1,
    similarity: 0.5,
    lexicalRank: 1,
    updatedAt: null,
  };
}

describe('sectionVariants', () => {
  it('takes sibling sections named by proper names as variants', () => {
    const variants = sectionVariants([
      section('us', ['United States']),
      section('nl', ['Netherlands']),
      section('faq', ['FAQ']),
    ]);
    expect([...variants]).toEqual(['us', 'nl']);
  });

  it('does not split a topic into its parts or a procedure into its steps', () => {
    expect(
      sectionVariants([
        section('a', ['Response expectations']),
        section('b', ['Roles in an incident']),
      ]).size,
    ).toBe(0);
    expect(
      sectionVariants([section('a', ['1.1 Schedule']), section('b', ['1.2 Version numbers'])]).size,
    ).toBe(0);
  });
});
