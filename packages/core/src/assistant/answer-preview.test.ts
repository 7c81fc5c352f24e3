import { describe, expect, it } from 'vitest';
import { answerPreview, passagePreview } from './answer-preview';

describe('previews', () => {
  it('keeps the first sentence of an answer, at most 140 characters', () => {
    expect(answerPreview('1. Go to netpass. Then wait.')).toBe('Go to netpass.');
    expect(answerPreview('word '.repeat(60)).length).toBeLessThanOrEqual(140);
  });

  it('does not end the sentence at an initial', () => {
    expect(answerPreview('In 1985, T. G. Sheppard had a hit. It charted.')).toBe(
      'In 1985, T. G. Sheppard had a hit.',
    );
  });

  it('takes the first line of prose of a passage, skipping tables, headings and lead-ins', () => {
    const markdown = [
      '## Password rules',
      '| Rule | Value |',
      '|---|---|',
      '| Minimum length | 14 characters |',
      'Tell the customer to:',
      '1. Open **https://console.example/reset** and enter their email address.',
    ].join('\n');
    expect(passagePreview(markdown)).toBe(
      'Open https://console.example/reset and enter their email address.',
    );
  });
});
