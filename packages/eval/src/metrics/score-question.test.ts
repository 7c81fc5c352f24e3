import { describe, expect, it } from 'vitest';
import { cite, gold, makeRun, shown, sixRuns } from './fixtures';
import { scoreQuestion } from './score-question';

function scoreOf(id: string) {
  const run = sixRuns().find((candidate) => candidate.question.id === id);
  if (run === undefined) throw new Error(`no fixture ${id}`);
  return scoreQuestion(run);
}

describe('scoreQuestion', () => {
  it('matches one-to-one: two predictions of the same gold count once', () => {
    // q1: "The 25 Days." (grounded by id) and "Employees get 25 days" (uncited) both match gold 0;
    // "Managers get 30 days" matches gold 1, grounded by the alias in its passage's text.
    expect(scoreOf('q1')).toMatchObject({
      expected: 'clarify',
      decision: 'clarify',
      decisionCorrect: true,
      predicted: 3,
      gold: 2,
      matches: 2,
      groundedMatches: 2,
      groundedPairs: [
        { left: 0, right: 0 },
        { left: 2, right: 1 },
      ],
      answerEm: null,
      citations: 3,
      correctCitations: 2,
      options: 3,
    });
  });

  it('grounds a match through a gold passage id', () => {
    const run = makeRun({
      id: 'by-id',
      ambiguous: false,
      gold: [gold(['25 days'], ['hr/leave.md'])],
      decision: 'answer',
      shown: [shown('25 days', [cite('hr/leave.md', 'no alias in this text')])],
    });
    expect(scoreQuestion(run)).toMatchObject({ groundedMatches: 1, correctCitations: 1 });
  });

  it('grounds a match through a gold alias in the cited text, and not otherwise', () => {
    const make = (text: string) =>
      makeRun({
        id: 'by-text',
        ambiguous: false,
        gold: [gold(['25 days'], ['hr/leave.md'])],
        decision: 'answer',
        shown: [shown('25 days', [cite('other.md', text)])],
      });
    expect(scoreQuestion(make('Staff get THE 25 days, per year.'))).toMatchObject({
      matches: 1,
      groundedMatches: 1,
      correctCitations: 1,
    });
    expect(scoreQuestion(make('Staff get 125 days.'))).toMatchObject({
      matches: 1,
      groundedMatches: 0,
      correctCitations: 0,
    });
  });

  it('chooses the matching that maximises grounded matches', () => {
    // Both answers mention both golds; each prediction cites only one gold's passage. Matching on
    // answers alone may cross them (0 grounded); the grounded matching pairs them straight (2).
    const run = makeRun({
      id: 'crossed',
      ambiguous: true,
      gold: [gold(['25 days'], ['a.md']), gold(['30 days'], ['b.md'])],
      decision: 'clarify',
      shown: [
        shown('25 days, or 30 days', [cite('a.md')]),
        shown('30 days, or 25 days', [cite('b.md')]),
      ],
    });
    const score = scoreQuestion(run);
    expect(score.matches).toBe(2);
    expect(score.groundedMatches).toBe(2);
    expect(score.groundedPairs).toEqual([
      { left: 0, right: 0 },
      { left: 1, right: 1 },
    ]);
  });

  it('scores answer EM on a clear question answered directly', () => {
    expect(scoreOf('q2')).toMatchObject({ expected: 'answer', answerEm: true, groundedMatches: 1 });
    expect(scoreOf('q6')).toMatchObject({ expected: 'answer', answerEm: false, matches: 0 });
  });

  it('leaves answer EM null for a clarify and for an ambiguous question', () => {
    expect(scoreOf('q3')).toMatchObject({
      expected: 'answer',
      decision: 'clarify',
      decisionCorrect: false,
      answerEm: null,
      predicted: 2,
      groundedMatches: 1,
      citations: 2,
      correctCitations: 1,
      options: 2,
    });
    // q4 answers "15 days": gold "15 days" matches, gold "5 days" does not (word boundary).
    expect(scoreOf('q4')).toMatchObject({
      expected: 'clarify',
      decision: 'answer',
      answerEm: null,
      matches: 1,
      groundedMatches: 1,
      options: null,
    });
  });

  it('scores a failed run as a no-answer that shows nothing', () => {
    expect(scoreOf('q5')).toMatchObject({
      expected: 'no-answer',
      decision: 'no-answer',
      decisionCorrect: true,
      predicted: 0,
      gold: 0,
      citations: 0,
      answerEm: null,
      options: null,
    });
  });
});
