import { passageFixture } from '@clarify/testing';
import { describe, expect, it } from 'vitest';
import { createOfflineInterpretationExtractor } from './create-offline-interpretation-extractor';
import { questionCoverage } from './question-coverage';
import { synonymStems } from './workplace-synonyms';
import { termStem } from './question-terms';

const bls = passageFixture(
  'bls',
  'BLS Certification',
  'The written exam has 25 questions and the pass mark is 84%.',
);
const epic = passageFixture(
  'epic',
  'Epic Certification',
  'Analysts sit the certification exam; the passing score is 80%.',
);

describe('workplace synonyms', () => {
  it('group words a page and a question use for one thing, each stemmed', () => {
    expect(synonymStems(termStem('score'))).toContain(termStem('mark'));
    expect(synonymStems(termStem('until'))).toContain(termStem('end'));
    expect(synonymStems(termStem('freeze'))).toEqual([]);
    // A verb and its noun, which the stemmer leaves apart.
    expect(termStem('retained')).not.toBe(termStem('retention'));
    expect(synonymStems(termStem('retained'))).toContain(termStem('retention'));
    expect(synonymStems(termStem('renewal'))).toContain(termStem('renew'));
  });

  it('let a page say the asked thing in its own words', async () => {
    const question = 'What score do I need to pass the exam?';
    const coverage = questionCoverage(question, [bls, epic]);
    expect(coverage.ofPassage(bls)).toBeCloseTo(coverage.ofPassage(epic), 5);
    const { candidates } = await createOfflineInterpretationExtractor().extract({
      question,
      passages: [bls, epic],
    });
    expect(candidates.map((candidate) => candidate.passage.documentId).sort()).toEqual([
      'bls.md',
      'epic.md',
    ]);
  });
});

describe('a question naming a kind of thing as a title does', () => {
  const hiring = passageFixture(
    'hiring',
    'Q1 2027 Hiring Freeze',
    'Exceptions are approved by the CFO, Martin Kowalczyk.',
  );
  const code = passageFixture(
    'code',
    'Year-End Code Freeze 2026',
    'An exception needs approval from the CTO, Hannah Okafor.',
  );

  it('is answered by the pages of that kind only', async () => {
    const { candidates } = await createOfflineInterpretationExtractor().extract({
      question: 'Who approves exceptions to the hiring freeze?',
      passages: [hiring, code],
    });
    expect(candidates.map((candidate) => candidate.passage.documentId)).toEqual(['hiring.md']);
  });

  it('leaves every kind open when it names none', async () => {
    const { candidates } = await createOfflineInterpretationExtractor().extract({
      question: 'Who approves exceptions to the freeze?',
      passages: [hiring, code],
    });
    expect(candidates).toHaveLength(2);
  });
});
