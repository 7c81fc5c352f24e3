import { describe, expect, it } from 'vitest';
import type { ButtonElement, KnownBlock } from './block-kit';
import { decodeChoice } from './action-ids';
import { renderReply } from './render-reply';
import { clarifyReply, makeCitation, makeOption } from '@clarify/chat/testing';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text, verbatim: true });
const button = (actionId: string, text: string, value: string) => ({
  type: 'button',
  action_id: actionId,
  text: { type: 'plain_text', text, emoji: true },
  value,
});

function buttonsOf(blocks: KnownBlock[]): ButtonElement[] {
  return blocks.flatMap((block) => (block.type === 'actions' ? block.elements : []));
}

describe('renderReply: clarify', () => {
  it('writes the prompt, each option with preview and sources, and one button each', () => {
    const reply = clarifyReply([makeOption(1, { citations: [makeCitation()] }), makeOption(2)], {
      interpretedAs: 'How long is leave?',
      note: 'Offline readings.',
    });
    expect(renderReply(reply)).toEqual([
      {
        text: 'Which leave do you mean?',
        blocks: [
          { type: 'section', text: mrkdwn('Which leave do you mean?') },
          { type: 'context', elements: [mrkdwn('Interpreted as: How long is leave?')] },
          { type: 'context', elements: [mrkdwn('Offline readings.')] },
          { type: 'section', text: mrkdwn('*1. Reading 1*\n>Answer 1.') },
          {
            type: 'context',
            elements: [
              mrkdwn(
                '*Sources*\n[1] <https://docs.example.com/leave|Leave policy> — Parental leave › Eligibility · updated 2026-01-31',
              ),
            ],
          },
          { type: 'section', text: mrkdwn('*2. Reading 2*\n>Answer 2.') },
          {
            type: 'actions',
            block_id: 'clarify_actions_0',
            elements: [
              button('clarify_option_1', '1. Reading 1', 'c1:clar-1:1'),
              button('clarify_option_2', '2. Reading 2', 'c1:clar-1:2'),
              button('clarify_all', 'Answer all', 'c1:clar-1:all'),
              button('clarify_none', 'None of these', 'c1:clar-1:none'),
            ],
          },
        ],
      },
    ]);
  });

  it('offers no "Answer all" for a single option', () => {
    const [message] = renderReply(clarifyReply([makeOption(1)]));
    expect(buttonsOf(message?.blocks ?? []).map((element) => element.action_id)).toEqual([
      'clarify_option_1',
      'clarify_none',
    ]);
  });

  it('shortens a button to 75 characters and escapes the option text', () => {
    const interpretation = `<@U1> & ${'parental leave for part-time staff '.repeat(4)}`;
    const [message] = renderReply(clarifyReply([makeOption(1, { interpretation })]));
    const [first] = buttonsOf(message?.blocks ?? []);
    expect(first?.text.text).toBe(
      '1. ‹@U1› & parental leave for part-time staff parental leave for part-time…',
    );
    expect(first?.text.text).toHaveLength(75);
    expect(message?.blocks[1]).toEqual({
      type: 'section',
      text: mrkdwn(
        `*1. &lt;@U1&gt; &amp; ${'parental leave for part-time staff '.repeat(4).trim()}*\n>Answer 1.`,
      ),
    });
  });

  it('spreads 40 options over messages, each with the buttons of the options it shows', () => {
    const options = Array.from({ length: 40 }, (_, index) =>
      makeOption(index + 1, { citations: [makeCitation(), makeCitation(), makeCitation()] }),
    );
    const messages = renderReply(clarifyReply(options));
    expect(messages.length).toBeGreaterThan(1);
    for (const message of messages) {
      const shown = message.blocks.flatMap((block) =>
        block.type === 'section' ? [/^\*(\d+)\./.exec(block.text.text)?.[1]] : [],
      );
      const chosen = buttonsOf(message.blocks).map(
        (element) => decodeChoice(element.value)?.optionId,
      );
      expect(chosen.filter((id) => id !== 'all' && id !== 'none')).toEqual(shown.filter(Boolean));
      const actions = message.blocks.filter((block) => block.type === 'actions');
      expect(actions.every((block) => block.elements.length <= 25)).toBe(true);
      expect(message.blocks.slice(-actions.length)).toEqual(actions);
    }
    const all = messages.flatMap((message) => buttonsOf(message.blocks));
    expect(all.map((element) => element.action_id).slice(-2)).toEqual([
      'clarify_all',
      'clarify_none',
    ]);
    expect(buttonsOf(messages.at(-1)?.blocks ?? []).at(-1)?.action_id).toBe('clarify_none');
    const blockIds = messages.flatMap((message) =>
      message.blocks.flatMap((block) => (block.type === 'actions' ? [block.block_id] : [])),
    );
    expect(blockIds).toEqual(blockIds.map((_, index) => `clarify_actions_${index}`));
  });
});
