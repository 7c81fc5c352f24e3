import { describe, expect, it } from 'vitest';
import { createHistoryGate } from './create-history-gate';
import { GATE_FEATURE_NAMES } from './gate-features';
import type { HistoryGateModel } from './history-gate-model';

const officeThread = [
  { role: 'user' as const, text: 'What time does the Austin office open on weekdays?' },
  { role: 'assistant' as const, text: 'The Austin office opens at 7:30 and closes at 19:00.' },
];
const tokenThread = [
  { role: 'user' as const, text: 'My hardware security key stopped working after the update' },
  { role: 'assistant' as const, text: 'Re-register the key in the identity portal under Devices.' },
];

describe('createHistoryGate with the committed weights', () => {
  const gate = createHistoryGate();

  it('flags follow-ups that lean on the thread', () => {
    expect(gate.assess('what about Rotterdam?', officeThread).dependsOnHistory).toBe(true);
    expect(gate.assess('and how do I reset it?', tokenThread).dependsOnHistory).toBe(true);
  });

  it('passes a self-contained question, whatever the thread', () => {
    for (const history of [officeThread, tokenThread]) {
      const assessment = gate.assess('How many vacation days do Boston employees get?', history);
      expect(assessment.dependsOnHistory).toBe(false);
      expect(assessment.score).toBeLessThan(gate.threshold);
    }
  });

  it('never flags a message without history', () => {
    const assessment = gate.assess('what about Rotterdam?', []);
    expect(assessment).toMatchObject({ dependsOnHistory: false, score: 0 });
    expect(assessment.features.startsWithWhatAbout).toBe(1);
    expect(gate.assess('and this?', [{ role: 'user', text: ':wave:' }]).dependsOnHistory).toBe(
      false,
    );
  });

  it('reads the words of a message, not its chat markup', () => {
    const plain = gate.assess('what about Rotterdam?', officeThread);
    const marked = gate.assess('what about *Rotterdam*? :thinking_face:', officeThread);
    expect(marked.score).toBeCloseTo(plain.score, 12);
    expect(marked.features).toEqual(plain.features);
  });

  it('uses the threshold it is given', () => {
    const strict = createHistoryGate({ threshold: 1.01 });
    expect(strict.assess('what about Rotterdam?', officeThread).dependsOnHistory).toBe(false);
  });
});

describe('createHistoryGate with other weights', () => {
  it('scores with the model it is given, feature by name', () => {
    const model: HistoryGateModel = {
      format: 'clarify-history-gate/1',
      featureNames: ['pronounCount'],
      buckets: 1,
      threshold: 0.5,
      weights: {
        bias: -1,
        denseMean: [0],
        denseScale: [1],
        denseCoefficients: [2],
        sparseSize: 1,
        sparseCoefficients: [0],
      },
      training: {},
      metrics: {},
    };
    const gate = createHistoryGate({ weights: model });
    expect(gate.assess('is it done?', tokenThread).score).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
    expect(gate.assess('is the key done?', tokenThread).dependsOnHistory).toBe(false);
    expect(GATE_FEATURE_NAMES).toContain('pronounCount');
    const unknown = createHistoryGate({ weights: { ...model, featureNames: ['nope'] } });
    expect(() => unknown.assess('is it done?', tokenThread)).toThrow(/unknown feature nope/);
  });
});
