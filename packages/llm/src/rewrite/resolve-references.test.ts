import { describe, expect, it } from 'vitest';
import type { TopicCandidate } from './rank-topics';
import { findReference, resolveReferences } from './resolve-references';

const vpn: TopicCandidate = { text: 'VPN', kind: 'name', score: 2, takesThe: true };
const policy: TopicCandidate = { text: 'leave policy', kind: 'phrase', score: 1, takesThe: true };

describe('findReference', () => {
  it.each([
    ['how do I reset it?', 'it'],
    ['what is its timeout?', 'its'],
    ['how do I get there?', 'there'],
    ['how do I request that?', 'demonstrative'],
    ['does this apply to contractors?', 'demonstrative'],
    ['is the same true for interns?', 'the same'],
    ['does the same apply to Boston?', 'the same'],
  ])('finds the reference in %j', (message, form) => {
    expect(findReference(message)?.form).toBe(form);
  });

  it.each([
    'Is it possible to work from home?',
    'Is there a parking garage?',
    'Is it true that I can carry over days?',
    'Does that policy cover interns?',
    'How do I reset my password?',
  ])('finds none in %j', (message) => {
    expect(findReference(message)).toBeNull();
  });
});

describe('resolveReferences', () => {
  it('replaces the first reference with the top topic, keeping its article and the case', () => {
    expect(resolveReferences('How do I reset it?', [vpn])).toBe('How do I reset the VPN?');
    expect(resolveReferences('That is broken again', [vpn])).toBe('The VPN is broken again');
    expect(resolveReferences('what is its timeout?', [vpn])).toBe("what is the VPN's timeout?");
  });

  it('uses only a name for "there", with "to" after a verb of motion', () => {
    const rotterdam: TopicCandidate = {
      text: 'Rotterdam',
      kind: 'name',
      score: 1,
      takesThe: false,
    };
    expect(resolveReferences('how do I get there?', [policy, rotterdam])).toBe(
      'how do I get to Rotterdam?',
    );
    expect(resolveReferences('is parking free there?', [rotterdam])).toBe(
      'is parking free in Rotterdam?',
    );
    expect(resolveReferences('how do I get there?', [policy])).toBeNull();
  });

  it('returns null without a reference or a topic', () => {
    expect(resolveReferences('How do I reset my password?', [vpn])).toBeNull();
    expect(resolveReferences('how do I reset it?', [])).toBeNull();
  });
});
