import { describe, expect, it } from 'vitest';
import { findMentions } from './find-mentions';

function summary(text: string, options?: { compounds?: boolean }): string[] {
  return findMentions(text, options).map((mention) => `${mention.kind}:${mention.text}`);
}

describe('findMentions', () => {
  it('finds names, merges a name with its version, and skips capitalised openers', () => {
    expect(summary('How do I install Lattice v3 on Windows with GlobalProtect?')).toEqual([
      'name:Lattice v3',
      'name:Windows',
      'name:GlobalProtect',
    ]);
    expect(summary('How do I install Lattice v3?', { compounds: false })).toEqual([
      'name:Lattice',
      'version:v3',
    ]);
  });

  it('keeps multiword names and acronyms whole, and ID-like tokens typed', () => {
    expect(summary('Is the New York office on VPN? See ABC-123 and "Q3 Budget".')).toEqual([
      'name:New York',
      'name:VPN',
      'ticket:ABC-123',
      'identifier:Q3 Budget',
    ]);
  });

  it('finds noun phrases after topic prepositions and "the", with their determiner', () => {
    const mentions = findMentions(
      'Is there a stipend for employees about the parental leave policy?',
    );
    expect(
      mentions.map((mention) => [mention.text, mention.preposition, mention.determiner]),
    ).toEqual([
      ['employees', 'for', null],
      ['parental leave policy', 'about', 'the'],
    ]);
  });

  it('records the preposition of a name and no determiner when the name modifies a noun', () => {
    const [inRotterdam] = findMentions('How many days do I get in Rotterdam?');
    expect(inRotterdam).toMatchObject({ text: 'Rotterdam', preposition: 'in', determiner: null });
    const [office] = findMentions('Employees of the Rotterdam office get 25 days.');
    expect(office).toMatchObject({ text: 'Rotterdam', determiner: null });
    const [vpn] = findMentions('I cannot reach the VPN.');
    expect(vpn).toMatchObject({ text: 'VPN', determiner: 'the' });
  });
});
