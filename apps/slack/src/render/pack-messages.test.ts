import { describe, expect, it } from 'vitest';
import { buttonElement, contextBlock, sectionBlock } from './block-kit';
import { packMessages } from './pack-messages';

const section = (text: string) => ({ blocks: [sectionBlock(text)] });

describe('packMessages', () => {
  it('puts everything in one message when it fits, lead first and tail last', () => {
    const messages = packMessages({
      lead: [contextBlock('lead')],
      parts: [section('a'), section('b')],
      tail: { blocks: [], buttons: [buttonElement('feedback_up', 'Up', 'f1:a')] },
      actionsBlockPrefix: 'p_',
    });
    expect(messages).toEqual([
      [
        contextBlock('lead'),
        sectionBlock('a'),
        sectionBlock('b'),
        {
          type: 'actions',
          block_id: 'p_0',
          elements: [buttonElement('feedback_up', 'Up', 'f1:a')],
        },
      ],
    ]);
  });

  it('starts a new message at 50 blocks', () => {
    const parts = Array.from({ length: 60 }, (_, index) => section(String(index)));
    const messages = packMessages({ lead: [], parts, actionsBlockPrefix: 'p_' });
    expect(messages.map((blocks) => blocks.length)).toEqual([50, 10]);
  });

  it('starts a new message when the block text would pass 12,000 characters', () => {
    const parts = Array.from({ length: 5 }, () => section('x'.repeat(3000)));
    const messages = packMessages({ lead: [], parts, actionsBlockPrefix: 'p_' });
    expect(messages.map((blocks) => blocks.length)).toEqual([4, 1]);
  });

  it('ends each message with 25-button actions blocks numbered across messages', () => {
    const parts = Array.from({ length: 60 }, (_, index) => ({
      blocks: [sectionBlock(String(index))],
      buttons: [buttonElement(`b${index}`, String(index), 'v')],
    }));
    const messages = packMessages({ lead: [], parts, actionsBlockPrefix: 'p_' });
    const actions = messages.map((blocks) =>
      blocks.flatMap((block) =>
        block.type === 'actions' ? [`${block.block_id}:${block.elements.length}`] : [],
      ),
    );
    expect(actions).toEqual([['p_0:25', 'p_1:23'], ['p_2:12']]);
    expect(messages.map((blocks) => blocks.length)).toEqual([50, 13]);
  });

  it('refuses a part that no message could hold', () => {
    const huge = { blocks: Array.from({ length: 51 }, () => sectionBlock('x')) };
    expect(() => packMessages({ lead: [], parts: [huge], actionsBlockPrefix: 'p_' })).toThrow();
  });
});
