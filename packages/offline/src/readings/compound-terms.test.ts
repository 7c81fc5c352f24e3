import { describe, expect, it } from 'vitest';
import { compoundAwareTerms as withWords } from './compound-terms';
import { contentStems, questionStems } from './question-terms';

const known = (...texts: string[]) => texts.map((text) => new Set(contentStems(text)));
const compoundAwareTerms = (question: string, stemSets: ReadonlyArray<ReadonlySet<string>>) =>
  withWords(question, stemSets).map(({ term }) => term);

describe('compoundAwareTerms', () => {
  it('matches a compound no passage has by its parts', () => {
    const terms = compoundAwareTerms('When is payday?', known('Salary is paid on the 25th day.'));
    expect(terms).toEqual(contentStems('pay day'));
    // Only when one passage holds both parts.
    expect(compoundAwareTerms('When is payday?', known('Salary is paid.', 'Day one.'))).toEqual(
      questionStems('When is payday?'),
    );
  });

  it('matches two words no passage has by the compound a passage has', () => {
    const terms = compoundAwareTerms(
      'Who wrote give me a home among the gum trees?',
      known('Home Among the Gumtrees is a song written in 1974.'),
    );
    expect(terms).toContain(contentStems('gumtrees')[0]);
    expect(terms).not.toContain(contentStems('gum')[0]);
  });

  it('leaves words as they are when the passages have them, or neither form', () => {
    const question = 'How do I reset my VPN password?';
    expect(compoundAwareTerms(question, known('Reset your VPN password here.'))).toEqual(
      questionStems(question),
    );
    expect(compoundAwareTerms('When is payday?', known('Nothing relevant.'))).toEqual(
      questionStems('When is payday?'),
    );
  });

  it('keeps the word each term is written as', () => {
    expect(withWords('When is payday?', known('Salary is paid on the 25th day.'))).toEqual([
      { term: contentStems('pay')[0], word: 'pay' },
      { term: contentStems('day')[0], word: 'day' },
    ]);
  });
});
