import { describe, expect, it } from 'vitest';
import {
  augmentStandaloneMessage,
  entityToPronoun,
  objectToPronoun,
  omitDetails,
  replaceThe,
  vagueStatement,
  whatAbout,
} from './augment-history-examples';
import { createSeededRandom } from './seeded-random';

const REFERENTIAL = /\b(?:this|that|those|it|its|some|others|another|other|above|previous)\b/;

describe('augmentation rules', () => {
  it('rule 1 omits details after "the X of"', () => {
    expect(omitDetails('What is the name of my largest dataset?')).toBe('What is the name?');
    expect(omitDetails('How do I reset my password?')).toBeNull();
  });

  it('rule 2 replaces "the" with a referential word', () => {
    const result = replaceThe('What is the name?', createSeededRandom(1));
    expect(result).toMatch(REFERENTIAL);
    expect(result).not.toMatch(/\bthe\b/);
    expect(replaceThe('How do I reset my password?', createSeededRandom(1))).toBeNull();
  });

  it('rule 3 turns an imperative into a vague statement', () => {
    const result = vagueStatement("Tell me about 'ABC' dataset", createSeededRandom(3));
    expect(result).toMatch(/^(?:There|It|This|That) .* 'ABC' dataset$/);
    expect(vagueStatement('Tell me about it?', createSeededRandom(3))).toBeNull();
  });

  it('replaces an entity (with its type word or preposition) by a pronoun', () => {
    expect(
      entityToPronoun('Does the office in Rotterdam close early?', createSeededRandom(1)),
    ).toBe('Does the office there close early?');
    const ticket = entityToPronoun('Is ticket ABC-123 resolved?', createSeededRandom(1));
    expect(ticket).toMatch(/^Is (?:it|that|they) resolved\?$/);
    expect(objectToPronoun('How do I reset my VPN token?', createSeededRandom(2))).toMatch(
      /how do I reset (?:it|that|this)\?$/i,
    );
  });

  it('asks about another name', () => {
    const result = whatAbout('How many vacation days do Boston employees get?', {
      random: createSeededRandom(5),
      names: ['Boston', 'Rotterdam'],
    });
    expect(result.toLowerCase()).toContain('rotterdam');
    expect(result.toLowerCase()).not.toContain('vacation');
  });

  it('is deterministic for a seed and never returns the original', () => {
    const message = 'What is the deadline of the Q3 expense report?';
    const run = () =>
      augmentStandaloneMessage(message, { random: createSeededRandom(9), names: ['Berlin'] });
    expect(run()).toEqual(run());
    expect(run().map((variant) => variant.rule)).toContain('omit-details');
    expect(run().every((variant) => variant.message !== message)).toBe(true);
  });
});
