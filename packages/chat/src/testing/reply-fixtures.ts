import type { Citation, ClarifyOption, Reply, Trace } from '@clarify/core';

/** Fixtures for the render tests: replies as core returns them, with an empty trace. */

export const emptyTrace: Trace = {
  stages: [],
  llmCalls: 0,
  llmRounds: 0,
  promptTokens: 0,
  completionTokens: 0,
  retrievalCalls: 0,
  totalMs: 0,
};

export function makeCitation(overrides: Partial<Citation> = {}): Citation {
  return {
    chunkId: 'chunk-1',
    documentId: 'handbook/leave.md',
    sourceId: 'handbook',
    title: 'Leave policy',
    uri: 'https://docs.example.com/leave',
    heading: 'Parental leave › Eligibility',
    updatedAt: new Date('2026-01-31T23:30:00Z'),
    ...overrides,
  };
}

export function makeOption(
  position: number,
  overrides: Partial<ClarifyOption> = {},
): ClarifyOption {
  return {
    id: String(position),
    interpretation: `Reading ${position}`,
    answer: `Answer ${position}. More detail.`,
    answerPreview: `Answer ${position}.`,
    citations: [],
    ...overrides,
  };
}

export function answerReply(
  text: string,
  overrides: Partial<Extract<Reply, { kind: 'answer' }>> = {},
): Reply {
  return { kind: 'answer', text, citations: [], trace: emptyTrace, ...overrides };
}

export function clarifyReply(
  options: ClarifyOption[],
  overrides: Partial<Extract<Reply, { kind: 'clarify' }>> = {},
): Reply {
  return {
    kind: 'clarify',
    prompt: 'Which leave do you mean?',
    options,
    clarificationId: 'clar-1',
    trace: emptyTrace,
    ...overrides,
  };
}

export function noAnswerReply(text: string, nearest: Citation[] = []): Reply {
  return { kind: 'no-answer', text, nearest, trace: emptyTrace };
}
