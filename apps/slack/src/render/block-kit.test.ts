import { describe, expect, it } from 'vitest';
import { blockTextLength, buttonElement, contextBlock, sectionBlock } from './block-kit';

describe('buttonElement', () => {
  it('keeps a label of 75 characters and shortens a longer one to 75 with …', () => {
    const exact = buttonElement('a', 'x'.repeat(75), 'v');
    expect(exact.text.text).toBe('x'.repeat(75));
    const long = buttonElement('a', `1. ${'word '.repeat(30)}`, 'v');
    expect(long.text.text).toBe(`1. ${'word '.repeat(14)}w…`);
    expect(long.text.text.length).toBe(75);
  });

  it('writes a one-line plain_text label with no brackets or broadcast', () => {
    expect(buttonElement('clarify_option_1', '1. <!here>\n@channel', 'c1:x:1')).toEqual({
      type: 'button',
      action_id: 'clarify_option_1',
      text: { type: 'plain_text', text: '1. ‹!here› @\u2060channel', emoji: true },
      value: 'c1:x:1',
    });
  });
});

describe('blockTextLength', () => {
  it('counts section, context and button texts', () => {
    expect(blockTextLength(sectionBlock('abc'))).toBe(3);
    expect(blockTextLength(contextBlock('abcd'))).toBe(4);
    const actions = { type: 'actions' as const, elements: [buttonElement('a', 'Yes', 'v')] };
    expect(blockTextLength(actions)).toBe(3);
  });
});
