import { describe, expect, it } from 'vitest';
import { AMBIGUITY_FEATURE_NAMES, extractAmbiguityFeatures } from './ambiguity-features';

function values(message: string) {
  return extractAmbiguityFeatures(message).values;
}

describe('extractAmbiguityFeatures', () => {
  it('produces every named feature, deterministically', () => {
    const first = extractAmbiguityFeatures('Tell me about iron');
    expect(Object.keys(first.values).sort()).toEqual([...AMBIGUITY_FEATURE_NAMES].sort());
    expect(extractAmbiguityFeatures('Tell me about iron')).toEqual(first);
  });

  it('sets the request frame aside when counting what the message is about', () => {
    expect(values('Tell me about iron')).toMatchObject({ requestFrame: 1, topicWordCount: 1 });
    expect(values("I'm looking for information on hobby stores")).toMatchObject({
      requestFrame: 1,
      topicWordCount: 2,
    });
    expect(values('How do I get my free annual credit report?')).toMatchObject({
      requestFrame: 0,
      howTo: 1,
      firstPersonCount: 2,
    });
  });

  it('counts numbers and quoted values, which make a question specific', () => {
    expect(values('Who starred in the 1998 film "54"?')).toMatchObject({
      numberCount: 1,
      quotedCount: 1,
      questionWordCount: 1,
    });
  });

  it('notices a pronoun among several names and words asking for a choice', () => {
    expect(values('Matthew told Joshua that he tired the client.').pronounAmongNames).toBe(1);
    expect(values('The son told Robert that Brian upset him.').pronounAmongNames).toBe(1);
    expect(values('Kimberly told the aunt that she left.').pronounAmongNames).toBe(0);
    expect(values('Recommend a good laptop with some nice features').preferenceWordCount).toBe(4);
  });

  it('masks names and entities in the n-gram tokens', () => {
    expect(extractAmbiguityFeatures('Is ticket ABC-123 fixed for Rotterdam?').textTokens).toEqual([
      '<s>',
      'is',
      'ticket',
      '<entity>',
      'fixed',
      'for',
      '<name>',
      '</q>',
    ]);
  });
});
