import { describe, expect, it } from 'vitest';
import { AMBIGUITY_FEATURE_NAMES } from '@clarify/core';
import { parseAmbiguityClassifierModel } from '@clarify/core';
import { committedAmbiguityClassifierModel, createAmbiguityClassifier } from '@clarify/core';
import { evaluateAmbiguityClassifier } from './evaluate-ambiguity-classifier';

const AMBIGUOUS = [
  'Tell me about iron',
  'figs',
  'Information about bobcat',
  'Give me some good ideas for a team outing',
  'What is the policy?',
];
const CLEAR = [
  'How do I get my free annual credit report?',
  'How to write a thank you letter after an interview?',
  'How many vacation days do Boston employees get per year?',
  'Who starred in the 1998 film "54"?',
];

describe('createAmbiguityClassifier with the committed weights', () => {
  const classifier = createAmbiguityClassifier();

  it('flags a bare topic, a request for ideas and a question without its subject', () => {
    for (const message of AMBIGUOUS) {
      const assessment = classifier.assess(message);
      expect(assessment.ambiguous, message).toBe(true);
      expect(assessment.score).toBeGreaterThanOrEqual(classifier.threshold);
    }
  });

  it('passes specific questions: a task, a named subject, numbers, quoted titles', () => {
    for (const message of CLEAR) {
      const assessment = classifier.assess(message);
      expect(assessment.ambiguous, message).toBe(false);
      expect(assessment.score).toBeLessThan(classifier.threshold);
    }
  });

  it('scores the topic-only request above the same topic asked as a task', () => {
    expect(classifier.assess('Tell me about scooters').score).toBeGreaterThan(
      classifier.assess('How do I register a scooter in Virginia?').score,
    );
  });

  it('reads the words of a message, not its chat markup, and reports its features', () => {
    const plain = classifier.assess('Tell me about iron');
    const marked = classifier.assess('Tell me about *iron* :thinking_face:');
    expect(marked.score).toBeCloseTo(plain.score, 10);
    expect(Object.keys(marked.features).sort()).toEqual([...AMBIGUITY_FEATURE_NAMES].sort());
  });

  it('separates the examples perfectly, as measured by evaluateAmbiguityClassifier', () => {
    const metrics = evaluateAmbiguityClassifier(classifier, [
      ...AMBIGUOUS.map((message) => ({ message, ambiguous: true })),
      ...CLEAR.map((message) => ({ message, ambiguous: false })),
    ]);
    expect(metrics).toMatchObject({ count: 9, positives: 5, precision: 1, recall: 1, auroc: 1 });
  });
});

describe('createAmbiguityClassifier options', () => {
  it('uses a given threshold', () => {
    expect(createAmbiguityClassifier({ threshold: 1.01 }).assess('figs').ambiguous).toBe(false);
    expect(
      createAmbiguityClassifier({ threshold: 0 }).assess('How to build a fence?').ambiguous,
    ).toBe(true);
  });

  it('rejects a malformed model, including a history gate model', () => {
    const model = committedAmbiguityClassifierModel();
    expect(() =>
      parseAmbiguityClassifierModel({ ...model, format: 'clarify-history-gate/1' }),
    ).toThrow(/ambiguity classifier model is malformed/);
    expect(() => parseAmbiguityClassifierModel({ ...model, buckets: 12 })).toThrow(/malformed/);
    expect(() => parseAmbiguityClassifierModel(null)).toThrow(/malformed/);
    expect(parseAmbiguityClassifierModel(JSON.parse(JSON.stringify(model)))).toEqual(model);
  });

  it('refuses a model that needs a feature the extractor does not produce', () => {
    const model = committedAmbiguityClassifierModel();
    const renamed = { ...model, featureNames: ['noSuchFeature', ...model.featureNames.slice(1)] };
    expect(() => createAmbiguityClassifier({ weights: renamed }).assess('figs')).toThrow(
      /unknown feature noSuchFeature/,
    );
  });
});
