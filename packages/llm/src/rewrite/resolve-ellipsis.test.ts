import { describe, expect, it } from 'vitest';
import { applyFollowUp, parseFollowUp } from './resolve-ellipsis';

describe('parseFollowUp', () => {
  it.each([
    ['what about Boston?', { surface: 'Boston', kind: 'name', preposition: null }],
    ['And in Boston?', { surface: 'Boston', kind: 'name', preposition: 'in' }],
    ['how about v3?', { surface: 'v3', kind: 'version', preposition: null }],
    ['and for contractors?', { surface: 'contractors', kind: 'phrase', preposition: 'for' }],
    [
      'is it the same for the interns?',
      { surface: 'the interns', kind: 'phrase', preposition: 'for' },
    ],
    ['and ABC-124?', { surface: 'ABC-124', kind: 'ticket', preposition: null }],
    ['Boston?', { surface: 'Boston', kind: 'name', preposition: null }],
  ])('parses %j', (message, expected) => {
    expect(parseFollowUp(message)).toEqual(expected);
  });

  it.each([
    'How many vacation days do I get in Boston?',
    'and how does Okta work?',
    'VPN not working',
    'reset password?',
    'Thanks!',
    'Perfect',
  ])('rejects %j', (message) => {
    expect(parseFollowUp(message)).toBeNull();
  });
});

describe('applyFollowUp', () => {
  it('replaces the last mention of the same kind', () => {
    const question = 'How do I install Lattice v2 on Windows?';
    expect(applyFollowUp(question, { surface: 'v3', kind: 'version', preposition: null })).toBe(
      'How do I install Lattice v3 on Windows?',
    );
    expect(applyFollowUp(question, { surface: 'Mac', kind: 'name', preposition: null })).toBe(
      'How do I install Lattice v2 on Mac?',
    );
  });

  it('replaces the phrase after the same preposition, or appends the entity', () => {
    const question = 'Is there a laptop stipend for employees in Rotterdam?';
    const contractors = { surface: 'contractors', kind: 'phrase', preposition: 'for' } as const;
    expect(applyFollowUp(question, contractors)).toBe(
      'Is there a laptop stipend for contractors in Rotterdam?',
    );
    expect(applyFollowUp('How do I book a desk?', contractors)).toBe(
      'How do I book a desk for contractors?',
    );
  });
});
