import { passageFixture } from '@clarify/testing';
import { describe, expect, it } from 'vitest';
import { buildExtractionPrompt } from '../extract/extraction-prompt';
import { buildAnswerPrompt, formatPassage } from './answer-prompt';

const notice = passageFixture(
  'notice',
  'Probation and Notice',
  '## Notice period\n\n| Country | Notice period |\n|---|---|\n| Ireland | one month |\n| New Zealand | 4 weeks |',
  { headingPath: ['Probation and Notice', 'Notice period'] },
);

describe('passages as a model is shown them', () => {
  it('give each table row with its header, so a value keeps its column and row', () => {
    const shown = formatPassage(notice, 1);
    expect(shown).toContain('Country: Ireland; Notice period: one month');
    expect(shown).toContain('Country: New Zealand; Notice period: 4 weeks');
    expect(shown).not.toContain('| Ireland |');
  });

  it('are the same in the extraction and the answer prompts', () => {
    const answer = buildAnswerPrompt({
      question: 'How long is the notice period?',
      interpretation: 'How long is the notice period in Ireland?',
      passages: [notice],
    });
    const extraction = buildExtractionPrompt('How long is the notice period?', notice);
    for (const messages of [answer, extraction]) {
      const user = messages.map((message) => message.content).join('\n');
      expect(user).toContain('Country: Ireland; Notice period: one month');
    }
  });
});
