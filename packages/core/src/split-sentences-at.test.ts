import { describe, expect, it } from 'vitest';
import { splitSentencesAt } from './split-sentences-at';

const GAP = /(?<=[.!?])\s+(?=[A-Z0-9])/;

describe('splitSentencesAt', () => {
  it('splits at the gaps between sentences', () => {
    expect(splitSentencesAt('Reset it. Then log in! Done? Yes.', GAP)).toEqual([
      'Reset it.',
      'Then log in!',
      'Done?',
      'Yes.',
    ]);
  });

  it('keeps initials and titles inside their sentence', () => {
    expect(
      splitSentencesAt(
        'In 1985, T. G. Sheppard had a hit. Ask Dr. Ruiz in St. Louis. J. K. Rowling wrote it.',
        GAP,
      ),
    ).toEqual([
      'In 1985, T. G. Sheppard had a hit.',
      'Ask Dr. Ruiz in St. Louis.',
      'J. K. Rowling wrote it.',
    ]);
  });

  it('still ends a sentence on a word that only looks like an initial inside another word', () => {
    expect(splitSentencesAt('Use the HR portal. IT handles laptops.', GAP)).toEqual([
      'Use the HR portal.',
      'IT handles laptops.',
    ]);
  });

  it('returns the whole text when there is no gap', () => {
    expect(splitSentencesAt('One sentence', GAP)).toEqual(['One sentence']);
  });
});
