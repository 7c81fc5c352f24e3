import { describe, expect, it } from 'vitest';
import { extractGateFeatures, GATE_FEATURE_NAMES } from './gate-features';

const thread = [
  { role: 'user' as const, text: 'How many vacation days do Boston employees get?' },
  { role: 'assistant' as const, text: 'Full-time employees in Boston get 20 days per year.' },
];

function values(message: string) {
  return extractGateFeatures(message, thread).values;
}

describe('extractGateFeatures', () => {
  it('produces every named feature, deterministically', () => {
    const first = extractGateFeatures('and how do I reset it?', thread);
    expect(Object.keys(first.values).sort()).toEqual([...GATE_FEATURE_NAMES].sort());
    expect(extractGateFeatures('and how do I reset it?', thread)).toEqual(first);
  });

  it('reads a continuation: conjunction start, referential word, pronoun', () => {
    expect(values('and how do I reset it?')).toMatchObject({
      wordCount: 6,
      referentialCount: 1,
      pronounCount: 1,
      startsWithConjunction: 1,
      pronounAtStart: 0,
      capitalisedEntityCount: 0,
    });
  });

  it('counts the paper referential words and thread deictics separately', () => {
    expect(values('Are those the same as the other ones above?')).toMatchObject({
      referentialCount: 3,
      deicticCount: 1,
    });
    expect(values('Is that the one you mentioned earlier?').deicticCount).toBe(2);
    expect(values('Is there a status page for IT?').deicticCount).toBe(0);
  });

  it('sees elliptical openings and bare question words', () => {
    expect(values('what about Rotterdam?')).toMatchObject({
      startsWithWhatAbout: 1,
      capitalisedEntityCount: 1,
      deicticCount: 1,
    });
    expect(values('for contractors?')).toMatchObject({ startsWithPreposition: 1, fragment: 1 });
    expect(values('Why?')).toMatchObject({ questionWordOnly: 1, wordCount: 1 });
    expect(values('... and Berlin')).toMatchObject({ startsWithEllipsis: 1 });
  });

  it('counts names (not sentence openers) and masked entities with their types', () => {
    expect(
      values('Do Boston employees get more days than the Rotterdam office? Thanks!'),
    ).toMatchObject({ capitalisedEntityCount: 2, entityCount: 0 });
    expect(values('Is ABC-123 fixed in version 3.2?')).toMatchObject({
      entityCount: 2,
      untypedEntityCount: 1,
      lexicalRule: 1,
    });
  });

  it('tells a definition question from a definite common noun', () => {
    expect(values('What is creationism?')).toMatchObject({
      definitionQuestion: 1,
      definiteCommonNounCount: 0,
    });
    expect(values("what's Workday?").definitionQuestion).toBe(1);
    expect(values('What was the play?')).toMatchObject({
      definitionQuestion: 0,
      definiteCommonNounCount: 1,
    });
    expect(values('Who owns the Kinks catalogue?').definiteCommonNounCount).toBe(0);
  });

  it('relates the message to its thread', () => {
    expect(values('Do Boston employees get extra vacation days?')).toMatchObject({
      topicOverlap: 5,
      namesInHistory: 1,
      namesNewToHistory: 0,
    });
    expect(values('what about Rotterdam?')).toMatchObject({
      namesInHistory: 0,
      namesNewToHistory: 1,
    });
  });

  it('masks names and entities in the text tokens', () => {
    expect(extractGateFeatures('Is ABC-123 fixed for Rotterdam?', []).textTokens).toEqual([
      '<s>',
      'is',
      '<entity>',
      'fixed',
      'for',
      '<name>',
      '</q>',
    ]);
  });
});
