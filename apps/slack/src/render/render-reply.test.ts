import { describe, expect, it } from 'vitest';
import { renderReply } from './render-reply';
import { answerReply, makeCitation, noAnswerReply } from '@clarify/chat/testing';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text, verbatim: true });
const section = (text: string) => ({ type: 'section', text: mrkdwn(text) });
const context = (text: string) => ({ type: 'context', elements: [mrkdwn(text)] });
const sourceLine =
  '[1] <https://docs.example.com/leave|Leave policy> — Parental leave › Eligibility · updated 2026-01-31';

describe('renderReply: answer', () => {
  it('writes context, text, sources and feedback buttons', () => {
    const reply = answerReply('Leave is 20 days [1].', {
      citations: [makeCitation()],
      interpretedAs: 'How long is parental leave?',
      note: 'The offline answer was used.',
    });
    expect(renderReply(reply, { answerId: 'answer-1' })).toEqual([
      {
        text: 'Leave is 20 days [1].',
        blocks: [
          context('Interpreted as: How long is parental leave?'),
          context('The offline answer was used.'),
          section('Leave is 20 days [1].'),
          context(`*Sources*\n${sourceLine}`),
          {
            type: 'actions',
            block_id: 'feedback_actions_0',
            elements: [
              {
                type: 'button',
                action_id: 'feedback_up',
                text: { type: 'plain_text', text: '👍', emoji: true },
                value: 'f1:answer-1',
              },
              {
                type: 'button',
                action_id: 'feedback_down',
                text: { type: 'plain_text', text: '👎', emoji: true },
                value: 'f1:answer-1',
              },
            ],
          },
        ],
      },
    ]);
  });

  it('escapes hostile text in the answer, the context and the fallback text', () => {
    const reply = answerReply('<!channel> see <https://evil.example|click> & <@U123> @here', {
      interpretedAs: '<!here>',
    });
    const escaped =
      '&lt;!channel&gt; see &lt;https://evil.example|click&gt; &amp; &lt;@U123&gt; @\u2060here';
    expect(renderReply(reply)).toEqual([
      { text: escaped, blocks: [context('Interpreted as: &lt;!here&gt;'), section(escaped)] },
    ]);
  });

  it('never sends an empty section', () => {
    expect(renderReply(answerReply(' \n '))).toEqual([
      { text: '(empty answer)', blocks: [section('(empty answer)')] },
    ]);
  });

  it('splits a long answer at paragraphs over messages, feedback in the last one only', () => {
    const paragraph = `${'word '.repeat(279)}end.`;
    const text = Array.from({ length: 10 }, () => paragraph).join('\n\n');
    const messages = renderReply(answerReply(text), { answerId: 'answer-2' });
    const sections = messages.flatMap((message) =>
      message.blocks.flatMap((block) => (block.type === 'section' ? [block.text.text] : [])),
    );
    expect(sections.every((chunk) => chunk.length <= 3000)).toBe(true);
    expect(sections.join('\n\n')).toBe(text);
    expect(sections).toHaveLength(5);
    expect(messages).toHaveLength(2);
    expect(messages.map((message) => message.blocks.at(-1)?.type)).toEqual(['section', 'actions']);
    expect(messages[1]?.text).toMatch(/^\(continued 2\/2\) word word/);
  });

  it('shortens the fallback text to a one-line summary', () => {
    const [message] = renderReply(answerReply(`First line\n${'x'.repeat(5000)}`));
    expect(message?.text).toBe(`First line ${'x'.repeat(288)}…`);
  });
});

describe('renderReply: no-answer', () => {
  it('writes the text and the nearest passages as links', () => {
    const nearest = [
      makeCitation({ heading: '' }),
      makeCitation({ title: 'Old notes', uri: 'notes/old.md', heading: '', updatedAt: null }),
    ];
    expect(renderReply(noAnswerReply('Nothing in the documents answers that.', nearest))).toEqual([
      {
        text: 'Nothing in the documents answers that.',
        blocks: [
          section('Nothing in the documents answers that.'),
          context(
            '*Closest matches*\n[1] <https://docs.example.com/leave|Leave policy> · updated 2026-01-31\n[2] Old notes',
          ),
        ],
      },
    ]);
  });
});
