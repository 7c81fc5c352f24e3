import { describe, expect, it } from 'vitest';
import { questionAcronyms, spellsOut } from './acronyms';
import { questionCoverage } from './question-coverage';

const acronym = (question: string) => {
  const [first] = questionAcronyms(question);
  if (first === undefined) throw new Error(`no acronym in ${question}`);
  return first;
};

describe('acronyms', () => {
  it('finds the acronyms of a question, plurals included, and nothing else', () => {
    // CODEOWNER is a word in capitals, too long for an acronym.
    const found = questionAcronyms('How many PRs need a CODEOWNER in the USA?');
    expect(found.map((item) => item.letters)).toEqual(['pr', 'usa']);
    expect(questionAcronyms('how do i reset my password?')).toEqual([]);
  });

  it('sees an acronym spelled out, small words skipped', () => {
    expect(spellsOut('Paid time off is booked in Workday.', acronym('How much PTO?'))).toBe(true);
    expect(spellsOut('after World War I ended', acronym('the end of WWI'))).toBe(true);
    expect(spellsOut('the United States of America', acronym('in the USA'))).toBe(true);
    expect(spellsOut('paid leave and time off', acronym('How much PTO?'))).toBe(false);
    // Function words stand for no letter.
    expect(spellsOut('bring several people to one office', acronym('How much PTO?'))).toBe(false);
  });

  it('lets a passage that spells the acronym out cover it', () => {
    const passage = {
      chunkId: 'c',
      documentId: 'd',
      sourceId: 's',
      title: 'Leave',
      uri: 'file:///d',
      headingPath: [],
      text: 'Full-time employees receive 20 days of paid time off per year.',
      score: 1,
      denseRank: 1,
      similarity: 1,
      lexicalRank: 1,
      updatedAt: null,
    };
    expect(questionCoverage('How many days of PTO per year?', [passage]).ofPassage(passage)).toBe(
      1,
    );
  });
});
