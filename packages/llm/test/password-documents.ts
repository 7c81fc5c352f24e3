import type { Passage } from '@clarify/core';

/** A retrieved passage at `rank` (1 = best), as the hybrid retriever would return it. */
function passage(input: {
  documentId: string;
  title: string;
  section: string;
  text: string;
  rank: number;
}): Passage {
  return {
    chunkId: `${input.documentId}#1`,
    documentId: input.documentId,
    sourceId: 'it-handbook',
    title: input.title,
    uri: `https://handbook.example.com/${input.documentId.replace(/\.md$/, '')}`,
    headingPath: [input.title, input.section],
    text: input.text,
    score: 1 / (60 + input.rank),
    denseRank: input.rank,
    similarity: 0.8 - input.rank / 20,
    lexicalRank: input.rank,
    updatedAt: new Date('2025-01-15T10:00:00.000Z'),
  };
}

/** Five documents a question about resetting "my password" retrieves; three answer it. */
export const DOCUMENTS = {
  vpn: passage({
    documentId: 'it/vpn-password.md',
    title: 'Resetting Your VPN Password',
    section: 'Self-service reset',
    text:
      'GlobalProtect is the company VPN client. To reset your VPN password, go to ' +
      'https://netpass.example.com, sign in with your employee ID and choose Reset VPN password. ' +
      'The new password works within 5 minutes.',
    rank: 1,
  }),
  okta: passage({
    documentId: 'it/okta-sso.md',
    title: 'Okta SSO Password Reset',
    section: 'Forgot password',
    text:
      'Okta is the single sign-on for email, Slack and Workday. To reset your Okta password, open ' +
      'https://id.example.com, click Forgot password and follow the link sent to your phone by SMS. ' +
      'Passwords must be at least 14 characters.',
    rank: 2,
  }),
  jira: passage({
    documentId: 'eng/jira-accounts.md',
    title: 'Jira Account Help',
    section: 'Passwords for contractors',
    text:
      'Employees sign in to Jira through Okta and have no separate Jira password. Contractors have ' +
      "an Atlassian account: they reset their Jira password at https://id.atlassian.com via Can't log in?.",
    rank: 3,
  }),
  laptop: passage({
    documentId: 'it/laptop-setup.md',
    title: 'New Laptop Setup',
    section: 'First login',
    text:
      'On first login your laptop asks you to set a local password. Keep the laptop on the office ' +
      'network during the first login so that the disk encryption key is escrowed.',
    rank: 4,
  }),
  wifi: passage({
    documentId: 'office/wifi.md',
    title: 'Office Wi-Fi',
    section: 'Guest network',
    text:
      'Guests connect to the network ACME-Guest. The guest Wi-Fi password changes every Monday ' +
      'and is posted at reception.',
    rank: 5,
  }),
} satisfies Record<string, Passage>;

export type DocumentName = keyof typeof DOCUMENTS;

export const RETRIEVED: Passage[] = Object.values(DOCUMENTS);

/** What the model reads in each document when asked how to reset a password. */
export const READINGS: Record<
  'vpn' | 'okta' | 'jira',
  { interpretation: string; answer: string; evidence: string }
> = {
  vpn: {
    interpretation: 'How do I reset my VPN (GlobalProtect) password?',
    answer:
      'Go to https://netpass.example.com, sign in with your employee ID and choose Reset VPN password.',
    evidence:
      'go to https://netpass.example.com, sign in with your employee ID and choose Reset VPN password',
  },
  okta: {
    interpretation: 'How do I reset my Okta SSO password?',
    answer: 'Open https://id.example.com, click Forgot password and follow the link sent by SMS.',
    evidence: 'click Forgot password and follow the link sent to your phone by SMS',
  },
  jira: {
    interpretation: 'How does a contractor reset their Jira password?',
    answer: 'Contractors reset it at https://id.atlassian.com; employees sign in through Okta.',
    evidence: "they reset their Jira password at https://id.atlassian.com via Can't log in?",
  },
};
