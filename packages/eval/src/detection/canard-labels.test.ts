import { describe, expect, it } from 'vitest';
import {
  addedContentWords,
  canardDependsOnHistory,
  canardGateItems,
  canardHalf,
  canardHistoryTurns,
  parseCanardItems,
  resolvedReferences,
  type CanardItem,
} from './canard-labels';

const zappa: CanardItem = {
  history: [
    'Frank Zappa',
    'Disbandment',
    'What group disbanded?',
    'Zappa and the Mothers of Invention',
  ],
  question: 'Why did they break up?',
  rewrite: 'Why did Zappa and the Mothers of Invention break up?',
  dialogId: 'C_2d211835213b45588ad5ca868ce7fabd_0',
  questionNumber: 2,
};

describe('canardDependsOnHistory', () => {
  it('is true when the rewrite adds content words', () => {
    expect(addedContentWords(zappa.question, zappa.rewrite)).toEqual([
      'zappa',
      'mother',
      'invention',
    ]);
    expect(canardDependsOnHistory(zappa.question, zappa.rewrite)).toBe(true);
    expect(
      canardDependsOnHistory('What happened in 1983?', 'What happened to Anna Vissi in 1983?'),
    ).toBe(true);
  });

  it('is true when the rewrite resolves a pronoun, even with no new content word', () => {
    const question = 'Did they tour with the Magnification album?';
    const rewrite = 'Did Yes tour with the Magnification album?';
    expect(resolvedReferences(question, rewrite)).toEqual(['they']);
    expect(addedContentWords(question, rewrite)).toEqual(['yes']);
    expect(
      canardDependsOnHistory('how was that received?', 'how was "On Your Own" received?'),
    ).toBe(true);
  });

  it('is false for case, punctuation, function-word and spelling changes', () => {
    expect(
      canardDependsOnHistory('Where did Neil Diamond grow up', 'Where did Neil Diamond grow up?'),
    ).toBe(false);
    expect(
      canardDependsOnHistory(
        'what did Epstein do for the Cubs?',
        'What did Epstein do for the Cubs?',
      ),
    ).toBe(false);
    expect(
      canardDependsOnHistory(
        'Can you provide some infomation on references in popular culture?',
        'Can you provide some information on references in popular culture?',
      ),
    ).toBe(false);
    expect(
      canardDependsOnHistory('What was the kinks legacy?', "What was The Kinks' legacy?"),
    ).toBe(false);
  });
});

describe('CANARD items', () => {
  it('parses dev.json entries and rejects malformed ones', () => {
    const raw = [
      {
        History: zappa.history,
        Question: zappa.question,
        Rewrite: zappa.rewrite,
        QuAC_dialog_id: zappa.dialogId,
        Question_no: 2,
      },
    ];
    expect(parseCanardItems(raw)).toEqual([zappa]);
    expect(() => parseCanardItems([{ Question: 'x' }])).toThrow(/malformed/);
    expect(() => parseCanardItems({})).toThrow(/array/);
  });

  it('turns the history into chat turns: topic first, then questions and answers', () => {
    expect(canardHistoryTurns(zappa)).toEqual([
      { role: 'user', text: 'Frank Zappa: Disbandment' },
      { role: 'user', text: 'What group disbanded?' },
      { role: 'assistant', text: 'Zappa and the Mothers of Invention' },
    ]);
  });

  it('splits by dialogue, stably, into two halves', () => {
    const ids = Array.from({ length: 200 }, (_, index) => `C_${index}_0`);
    const train = ids.filter((id) => canardHalf(id) === 'train').length;
    expect(train).toBeGreaterThan(70);
    expect(train).toBeLessThan(130);
    expect(canardHalf(zappa.dialogId)).toBe(canardHalf(zappa.dialogId));
    const items = canardGateItems([zappa], canardHalf(zappa.dialogId));
    expect(items).toEqual([
      { message: zappa.question, history: canardHistoryTurns(zappa), dependsOnHistory: true },
    ]);
  });
});
