import { describe, expect, it } from 'vitest';
import type { Citation, StoredTurn } from '@clarify/core';
import { withStoredAnswers } from '../src/conversation/with-stored-answers';

const thread = { platform: 'slack', workspaceId: 'T', channelId: 'C', threadId: '1' };
const citation = { chunkId: 'c1', documentId: 'hr/pto.md' } as Citation;
const stored = (
  role: 'user' | 'assistant',
  text: string,
  citations: Citation[] = [],
): StoredTurn => ({
  thread,
  role,
  userId: role === 'user' ? 'U1' : null,
  text,
  rewrittenText: null,
  citations,
  createdAt: new Date(0),
});

describe('withStoredAnswers', () => {
  it("puts the bot's stored answers, with their citations, where the platform kept a cut rendering", () => {
    const answer = `Employees in the Netherlands get 26 vacation days per year [1]. ${'More detail. '.repeat(30)}`;
    const turns = withStoredAnswers(
      [
        { role: 'user', text: 'How many vacation days do Rotterdam employees get?' },
        { role: 'assistant', text: `${answer.slice(0, 120)}…` },
        { role: 'user', text: 'Nice, thanks' },
        { role: 'assistant', text: 'None of these? Please rephrase your question.' },
      ],
      [
        stored('user', 'How many vacation days do Rotterdam employees get?'),
        stored('assistant', answer, [citation]),
      ],
    );
    expect(turns).toEqual([
      { role: 'user', text: 'How many vacation days do Rotterdam employees get?' },
      { role: 'assistant', text: answer, citations: [citation] },
      { role: 'user', text: 'Nice, thanks' },
      // A notice the store does not hold stays as the platform shows it.
      { role: 'assistant', text: 'None of these? Please rephrase your question.' },
    ]);
  });

  it('matches answers in order, so two alike answers are not both given the first one', () => {
    const first = stored('assistant', 'PTO is 20 days [1].', [citation]);
    const second = stored('assistant', 'PTO is 20 days per year in Boston [1].', []);
    const turns = withStoredAnswers(
      [
        { role: 'assistant', text: 'PTO is 20 days [1].' },
        { role: 'assistant', text: 'PTO is 20 days per year in Boston [1].' },
      ],
      [first, second],
    );
    expect(turns.map((turn) => turn.text)).toEqual([first.text, second.text]);
  });
});
