import { describe, expect, it } from 'vitest';
import type { KnownBlock } from './block-kit';
import { contextBlock, sectionBlock } from './block-kit';
import { markChosen } from './mark-chosen';
import { renderReply } from './render-reply';
import { clarifyReply, makeOption } from '@clarify/chat/testing';

function clarifyBlocks(): KnownBlock[] {
  const [message] = renderReply(clarifyReply([makeOption(1), makeOption(2)]));
  return message?.blocks ?? [];
}

describe('markChosen', () => {
  it('removes the clarify buttons and says who chose what', () => {
    expect(
      markChosen(clarifyBlocks(), { optionId: '2', userId: 'U123ABC', label: 'Reading 2' }),
    ).toEqual([
      sectionBlock('Which leave do you mean?'),
      sectionBlock('*1. Reading 1*\n>Answer 1.'),
      sectionBlock('*2. Reading 2*\n>Answer 2.'),
      contextBlock('✅ <@U123ABC> chose *Reading 2*'),
    ]);
  });

  it('names "answer all" and "none of these" whatever the label', () => {
    const all = markChosen(clarifyBlocks(), { optionId: 'all', userId: 'W0ABC', label: 'x' });
    expect(all.at(-1)).toEqual(contextBlock('✅ <@W0ABC> chose *answer all*'));
    const none = markChosen(clarifyBlocks(), { optionId: 'none', userId: 'U1AB', label: 'x' });
    expect(none.at(-1)).toEqual(contextBlock('✅ <@U1AB> chose *none of these*'));
  });

  it('embeds only real user ids and escapes the label', () => {
    const blocks = markChosen(clarifyBlocks(), {
      optionId: '1',
      userId: '<!channel>',
      label: '<@U9> & <https://evil.example|x>',
    });
    expect(blocks.at(-1)).toEqual(
      contextBlock('✅ &lt;!channel&gt; chose *&lt;@U9&gt; &amp; &lt;https://evil.example|x&gt;*'),
    );
    const lower = markChosen(clarifyBlocks(), { optionId: '1', userId: 'u123', label: 'a' });
    expect(lower.at(-1)).toEqual(contextBlock('✅ u123 chose *a*'));
  });

  it('keeps other actions blocks and stays within 50 blocks', () => {
    const feedback: KnownBlock = { type: 'actions', block_id: 'feedback_actions_0', elements: [] };
    const full = [
      ...Array.from({ length: 49 }, (_, index) => sectionBlock(String(index))),
      feedback,
    ];
    const blocks = markChosen(full, { optionId: '1', userId: 'U1AB', label: 'a' });
    expect(blocks).toHaveLength(50);
    expect(blocks.at(-2)).toEqual(sectionBlock('48'));
    const kept = markChosen([sectionBlock('a'), feedback], {
      optionId: '1',
      userId: 'U1AB',
      label: 'a',
    });
    expect(kept).toEqual([sectionBlock('a'), feedback, contextBlock('✅ <@U1AB> chose *a*')]);
  });
});
