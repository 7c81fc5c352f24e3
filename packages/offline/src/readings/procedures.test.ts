import { passageFixture } from '@clarify/testing';
import { describe, expect, it } from 'vitest';
import { createOfflineInterpretationExtractor } from './create-offline-interpretation-extractor';

const reset = passageFixture(
  'password',
  'Resetting Your Network Password',
  'Your network password signs you in to email and the HR system.\n\n## Reset it yourself\n\n1. Go to reset.example.com from any browser.\n2. Verify with a text message code.\n3. Choose a new password of at least 14 characters.',
  { headingPath: ['Resetting Your Network Password'] },
);
const pins = passageFixture(
  'pins',
  'Badge and Voicemail PINs',
  'Your PINs are separate from your network password.\n\n## Badge PIN\n\nTo reset a forgotten badge PIN, visit the Security desk.',
);

describe('a "how do I" question', () => {
  it('is answered by the steps, whole, and not by a page that only mentions the task', async () => {
    const { candidates } = await createOfflineInterpretationExtractor().extract({
      question: 'How do I reset my network password?',
      passages: [reset, pins],
    });
    expect(candidates.map((candidate) => candidate.passage.documentId)).toEqual(['password.md']);
    expect(candidates[0]?.answer).toBe(
      '1. Go to reset.example.com from any browser.\n2. Verify with a text message code.\n3. Choose a new password of at least 14 characters.',
    );
  });
});
