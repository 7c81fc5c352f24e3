import { describe, expect, it } from 'vitest';
import { withoutSharedPrefix } from './distinctive-wording';

describe('withoutSharedPrefix', () => {
  it('removes the question stem every interpretation starts with', () => {
    expect(
      withoutSharedPrefix([
        'How do I reset my password — VPN (GlobalProtect)?',
        'How do I reset my password — Okta SSO?',
      ]),
    ).toEqual(['VPN (GlobalProtect)?', 'Okta SSO?']);
  });

  it('keeps texts that share fewer than three leading words, or a single text', () => {
    expect(withoutSharedPrefix(['Q a', 'Q b'])).toEqual(['Q a', 'Q b']);
    expect(withoutSharedPrefix(['How many days in Boston?'])).toEqual(['How many days in Boston?']);
  });

  it('always leaves at least one word', () => {
    expect(
      withoutSharedPrefix(['What is a PIP?', 'What is a PIP?', 'what is a pip? really']),
    ).toEqual(['PIP?', 'PIP?', 'pip? really']);
  });
});
