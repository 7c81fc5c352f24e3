import type { Interpretation, Passage } from '@clarify/core';

/** A retrieved passage for answer-writer tests. */
export function passage(input: {
  id: string;
  title: string;
  headings?: string[];
  text: string;
  rank?: number;
}): Passage {
  const rank = input.rank ?? 1;
  return {
    chunkId: `${input.id}#${rank}`,
    documentId: input.id,
    sourceId: 'kb',
    title: input.title,
    uri: `file:///kb/${input.id}`,
    headingPath: [input.title, ...(input.headings ?? [])],
    text: input.text,
    score: 1 / (60 + rank),
    denseRank: rank,
    similarity: 0.5,
    lexicalRank: rank,
    updatedAt: null,
  };
}

/** An interpretation over the given passages (best first). */
export function interpretation(input: {
  interpretation: string;
  answer?: string;
  evidence?: string;
  passages: Passage[];
}): Interpretation {
  return {
    interpretation: input.interpretation,
    answer: input.answer ?? '',
    evidence: input.evidence ?? '',
    passages: input.passages,
    support: input.passages.length,
  };
}

export const vpn = passage({
  id: 'it/vpn.md',
  title: 'Resetting Your VPN (GlobalProtect) Password',
  headings: ['Self-service'],
  text:
    'GlobalProtect is the company VPN client. Go to https://netpass.example.com and choose Reset password. ' +
    'The new VPN password works after 5 minutes.',
});

export const vpnFaq = passage({
  id: 'it/vpn-faq.md',
  title: 'VPN FAQ',
  headings: ['Passwords'],
  text: 'How do I reset my VPN password?\n\n- Your VPN password reset also needs the authenticator app.',
  rank: 2,
});

export const okta = passage({
  id: 'it/okta.md',
  title: 'Okta SSO Password Reset',
  headings: ['Forgot password'],
  text: '1. Open https://id.example.com and click Forgot password to reset your Okta password.\n2. Check your email.',
  rank: 3,
});

export const canteen = passage({
  id: 'office/canteen.md',
  title: 'Canteen',
  headings: ['Menu'],
  text: 'Lunch is served from 12:00 to 14:00 on the second floor.',
  rank: 4,
});
