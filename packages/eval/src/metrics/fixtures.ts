import type {
  BenchmarkQuestion,
  CitedPassage,
  Decision,
  GoldInterpretation,
  PredictedInterpretation,
  QuestionCost,
  QuestionRun,
} from '../types';

/** Builders for the hand-written runs of the metric and report tests. */

export function gold(answers: string[], passages: string[]): GoldInterpretation {
  return { question: `about ${answers.join(' / ')}`, answers, passages };
}

export function cite(id: string, text = ''): CitedPassage {
  return { id, text };
}

export function shown(answer: string, citations: CitedPassage[]): PredictedInterpretation {
  return { text: `Option: ${answer}`, answer, citations };
}

export type RunFixture = {
  id: string;
  ambiguous: boolean;
  gold: GoldInterpretation[];
  decision: Decision;
  shown?: PredictedInterpretation[];
  category?: string;
  cost?: Partial<QuestionCost>;
  error?: string;
  extra?: Record<string, unknown>;
};

export function makeRun(fixture: RunFixture): QuestionRun {
  const question: BenchmarkQuestion = {
    id: fixture.id,
    question: `Question ${fixture.id}?`,
    history: [],
    ambiguous: fixture.ambiguous,
    interpretations: fixture.gold,
    category: fixture.category ?? 'uncategorised',
    extra: fixture.extra ?? {},
  };
  const cost: QuestionCost = {
    llmCalls: 0,
    promptTokens: 0,
    completionTokens: 0,
    retrievalCalls: 0,
    latencyMs: 0,
    ...fixture.cost,
  };
  const run: QuestionRun = {
    question,
    decision: fixture.decision,
    interpretations: fixture.shown ?? [],
    cost,
  };
  return fixture.error === undefined ? run : { ...run, error: fixture.error };
}

/**
 * Six runs whose figures are worked out by hand in the tests (see aggregate.test.ts):
 * q1 ambiguous clarify (2 grounded of 3 shown), q2 clear correct answer, q3 clear but clarified,
 * q4 ambiguous but answered once, q5 unanswerable that errored, q6 clear answered wrongly.
 */
export function sixRuns(): QuestionRun[] {
  const days = [gold(['25 days'], ['hr/leave.md']), gold(['30 days'], ['hr/managers.md'])];
  return [
    makeRun({
      id: 'q1',
      category: 'ambiguous',
      ambiguous: true,
      gold: days,
      decision: 'clarify',
      shown: [
        shown('The 25 Days.', [cite('hr/leave.md')]),
        shown('Employees get 25 days', [cite('wiki/other.md', 'Unrelated text')]),
        shown('Managers get 30 days', [cite('x/managers.md', 'Managers: 30 days of leave.')]),
      ],
      cost: {
        llmCalls: 1,
        promptTokens: 10,
        completionTokens: 1,
        retrievalCalls: 1,
        latencyMs: 300,
      },
    }),
    makeRun({
      id: 'q2',
      category: 'clear',
      ambiguous: false,
      gold: [gold(['Ctrl+Alt+Del', 'control alt delete'], ['it/email.md'])],
      decision: 'answer',
      shown: [shown('Press ctrl alt del.', [cite('it/email.md')])],
      cost: {
        llmCalls: 2,
        promptTokens: 20,
        completionTokens: 1,
        retrievalCalls: 1,
        latencyMs: 100,
      },
    }),
    makeRun({
      id: 'q3',
      category: 'clear',
      ambiguous: false,
      gold: [gold(['self-service portal'], ['it/vpn.md'])],
      decision: 'clarify',
      shown: [
        shown('Use the self-service portal', [cite('it/vpn.md')]),
        shown('Call the helpdesk', [cite('it/helpdesk.md', 'Call the helpdesk.')]),
      ],
      cost: {
        llmCalls: 3,
        promptTokens: 30,
        completionTokens: 1,
        retrievalCalls: 1,
        latencyMs: 600,
      },
    }),
    makeRun({
      id: 'q4',
      category: 'ambiguous',
      ambiguous: true,
      gold: [gold(['15 days'], ['a.md']), gold(['5 days'], ['b.md'])],
      decision: 'answer',
      shown: [shown('You get 15 days.', [cite('c.md', 'Leave is 15 days.')])],
      cost: {
        llmCalls: 4,
        promptTokens: 40,
        completionTokens: 1,
        retrievalCalls: 1,
        latencyMs: 200,
      },
    }),
    makeRun({
      id: 'q5',
      category: 'unanswerable',
      ambiguous: false,
      gold: [],
      decision: 'answer',
      shown: [shown('Something', [cite('z.md', 'Something')])],
      error: 'LLM timed out',
      cost: {
        llmCalls: 5,
        promptTokens: 50,
        completionTokens: 1,
        retrievalCalls: 1,
        latencyMs: 500,
      },
    }),
    makeRun({
      id: 'q6',
      category: 'clear',
      ambiguous: false,
      gold: [gold(['IT desk'], ['d.md'])],
      decision: 'answer',
      shown: [shown('Ask your manager.', [cite('e.md', 'Ask your manager.')])],
      cost: {
        llmCalls: 6,
        promptTokens: 60,
        completionTokens: 7,
        retrievalCalls: 1,
        latencyMs: 400,
      },
    }),
  ];
}
