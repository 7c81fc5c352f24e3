import { describe, expect, it } from 'vitest';
import { offlineSubQuery } from './offline-sub-query';
import { passage } from './strategy-fixtures.test-helper';

const QUESTION = 'How do I reset my password?';
const vpn = passage({ id: 'vpn.md', title: 'Resetting Your VPN Password', text: 'Use netpass.' });
const vpnFaq = passage({ id: 'vpn-faq.md', title: 'VPN FAQ', headings: ['Passwords'], text: '…' });
const okta = passage({ id: 'okta.md', title: 'Okta Password Reset', headings: ['FAQ'], text: '…' });

describe('offlineSubQuery', () => {
  it("adds the cluster's most frequent title and heading words no other passage has", () => {
    // "VPN" is in both titles; "FAQ" is Okta's heading too; reset/password are the question's.
    expect(offlineSubQuery({ question: QUESTION, cluster: [vpn, vpnFaq], others: [okta] })).toBe(
      'How do I reset my password — VPN?',
    );
    expect(offlineSubQuery({ question: QUESTION, cluster: [okta], others: [] })).toBe(
      'How do I reset my password — Okta FAQ?',
    );
  });

  it("falls back to the best passage's title without the question's words", () => {
    const sameWords = passage({ id: 'vpn-2.md', title: 'VPN', text: '…' });
    // Every word of "Resetting Your VPN Password" is the question's, a stop word or elsewhere.
    expect(offlineSubQuery({ question: QUESTION, cluster: [vpn], others: [sameWords] })).toBe(
      'How do I reset my password — VPN?',
    );
  });
});
