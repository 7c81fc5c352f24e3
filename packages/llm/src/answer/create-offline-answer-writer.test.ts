import { describe, expect, it } from 'vitest';
import { markerNumbers } from './citation-markers';
import { createOfflineAnswerWriter } from './create-offline-answer-writer';
import { canteen, interpretation, okta, passage, vpn, vpnFaq } from './answer-fixtures.test-helper';

const QUESTION = 'How do I reset my password?';

describe('createOfflineAnswerWriter().write', () => {
  it('picks the sentence with the answer and cites its passage', async () => {
    const writer = createOfflineAnswerWriter();
    const answer = await writer.write({
      question: QUESTION,
      interpretation: interpretation({
        interpretation: 'How do I reset my VPN (GlobalProtect) password?',
        passages: [canteen, vpn],
      }),
    });
    expect(answer.text).toMatch(
      /^Go to https:\/\/netpass\.example\.com and choose Reset password \[1\]\./,
    );
    expect(answer.text).not.toContain('Lunch');
    expect(answer.citations.map((citation) => citation.chunkId)).toEqual([vpn.chunkId]);
    expect(answer.citations[0]).toMatchObject({
      documentId: 'it/vpn.md',
      heading: 'Resetting Your VPN (GlobalProtect) Password › Self-service',
    });
    expect(answer).toMatchObject({ supported: true, llmCalls: 0 });
  });

  it('puts the sentence holding the stored evidence first, found in its own passage', async () => {
    const writer = createOfflineAnswerWriter();
    const answer = await writer.write({
      question: QUESTION,
      interpretation: interpretation({
        interpretation: 'How do I reset my VPN (GlobalProtect) password?',
        answer: '5 minutes',
        evidence: 'The new VPN password works after 5 minutes.',
        passages: [vpnFaq, vpn],
      }),
    });
    expect(answer.text.startsWith('The new VPN password works after 5 minutes [1].')).toBe(true);
    expect(answer.citations[0]?.chunkId).toBe(vpn.chunkId);
  });

  it('keeps a stored paragraph whole, however many sentences it has', async () => {
    const text =
      'The shield is a disc. It was made in the war. It is nearly indestructible. Its metal is vibranium.';
    const shield = passage({ id: 'wiki/shield.md', title: 'Shield', text });
    const answer = await createOfflineAnswerWriter().write({
      question: 'What is the shield made of?',
      interpretation: interpretation({
        interpretation: 'What is the shield made of?',
        answer: text,
        evidence: text,
        passages: [shield],
      }),
    });
    expect(answer.text).toContain('vibranium');
    expect(answer.text.match(/\[1\]/g)).toHaveLength(4);
  });

  it('numbers citations by first use, one per chunk, without repeating a sentence', async () => {
    const duplicate = { ...vpn };
    const writer = createOfflineAnswerWriter();
    const answer = await writer.write({
      question: QUESTION,
      interpretation: interpretation({
        interpretation: 'How do I reset my VPN password?',
        evidence: 'Your VPN password reset also needs the authenticator app.',
        passages: [vpn, duplicate, vpnFaq],
      }),
    });
    // The evidence comes from the FAQ (passage 3), so it is cited first as [1]; VPN becomes [2].
    expect(answer.text).toMatch(
      /^Your VPN password reset also needs the authenticator app \[1\]\. /,
    );
    expect(answer.citations.map((citation) => citation.chunkId)).toEqual([
      vpnFaq.chunkId,
      vpn.chunkId,
    ]);
    expect(new Set(markerNumbers(answer.text))).toEqual(new Set([1, 2]));
    const sentences = answer.text.split(/(?<=\])\.\s*/).filter((part) => part !== '');
    expect(new Set(sentences).size).toBe(sentences.length);
    expect(sentences.length).toBeLessThanOrEqual(3);
    // A question in the text (an FAQ heading) is never an answer sentence.
    expect(answer.text).not.toContain('?');
  });

  it('keeps a list item readable, without its number', async () => {
    const writer = createOfflineAnswerWriter({ maxSentences: 1 });
    const answer = await writer.write({
      question: QUESTION,
      interpretation: interpretation({
        interpretation: 'How do I reset my Okta SSO password?',
        passages: [okta],
      }),
    });
    expect(answer.text).toBe(
      'Open https://id.example.com and click Forgot password to reset your Okta password [1].',
    );
  });

  it('ends a line leading into a table with a full stop, not its colon', async () => {
    const text = await answerFrom({
      question: 'How many vacation days do I get?',
      page:
        'A full-time employee receives **26 vacation days per calendar year**:\n\n' +
        '| Type | Days |\n|---|---|\n| Statutory days | 20 days |\n| Extra days | 6 days |\n',
      answer: 'A full-time employee receives 26 vacation days per calendar year:',
      maxSentences: 1,
    });
    expect(text).toBe('A full-time employee receives 26 vacation days per calendar year [1].');
  });

  it('writes a key–value row as people do, without the other rows of its table', async () => {
    const text = await answerFrom({
      question: 'What is the API rate limit?',
      page:
        '| Limit | Value | Notes |\n|---|---|---|\n' +
        '| Rate limit | 600 requests per minute | Shared by all API keys |\n' +
        '| API base URL | https://api.example/v2 | |\n\n' +
        'When the rate limit is exceeded the API returns HTTP 429.',
      answer: 'Rate limit: 600 requests per minute (Shared by all API keys).',
      evidence: 'Limit: Rate limit; Value: 600 requests per minute; Notes: Shared by all API keys',
    });
    expect(text).toBe(
      'Rate limit: 600 requests per minute (Shared by all API keys) [1]. ' +
        'When the rate limit is exceeded the API returns HTTP 429 [1].',
    );
  });

  it('writes a procedure as its numbered steps, one per line', async () => {
    const leave = passage({
      id: 'hr/leave.md',
      title: 'Annual Leave',
      headings: ['Requesting leave'],
      text: '1. Open Workday and choose Request Time Off.\n2. Select the dates.\n3. Your manager approves the request.',
    });
    const answer = await createOfflineAnswerWriter().write({
      question: 'How do I request annual leave?',
      interpretation: interpretation({
        interpretation: 'How do I request annual leave?',
        answer: leave.text,
        evidence: leave.text,
        passages: [leave],
      }),
    });
    expect(answer.text).toBe(
      '1. Open Workday and choose Request Time Off [1].\n2. Select the dates [1].\n3. Your manager approves the request [1].',
    );
  });

  it('is unsupported when no passage shares a word with the question', async () => {
    const writer = createOfflineAnswerWriter();
    const answer = await writer.write({
      question: 'Where is the parking garage?',
      interpretation: interpretation({
        interpretation: 'Where is the parking garage?',
        passages: [canteen],
      }),
    });
    expect(answer).toMatchObject({ text: '', citations: [], supported: false });
  });
});

describe('createOfflineAnswerWriter().writeAll', () => {
  it('writes one contrastive section per interpretation with one shared citation list', async () => {
    const shared = passage({
      id: 'it/passwords.md',
      title: 'Passwords',
      text: 'Password resets for VPN and Okta SSO both need the authenticator app.',
      rank: 5,
    });
    const writer = createOfflineAnswerWriter({ maxSentences: 2 });
    const answer = await writer.writeAll({
      question: QUESTION,
      interpretations: [
        interpretation({
          interpretation: 'How do I reset my password — VPN (GlobalProtect)?',
          evidence: 'Go to https://netpass.example.com and choose Reset password.',
          passages: [vpn, shared],
        }),
        interpretation({
          interpretation: 'How do I reset my Okta SSO password?',
          evidence:
            'Open https://id.example.com and click Forgot password to reset your Okta password.',
          passages: [okta, shared],
        }),
      ],
    });
    const [first, second] = answer.text.split('\n\n');
    expect(first).toMatch(
      /^\*\*VPN \(GlobalProtect\):\*\* Go to https:\/\/netpass\.example\.com and choose Reset password \[1\]\./,
    );
    expect(second).toMatch(/^\*\*Okta SSO:\*\* Open https:\/\/id\.example\.com .* \[3\]\./);
    expect(answer.citations.map((citation) => citation.chunkId)).toEqual([
      vpn.chunkId,
      shared.chunkId,
      okta.chunkId,
    ]);
    // The shared passage keeps one number in both sections.
    expect(first).toContain('[2]');
    expect(second).toContain('[2]');
    expect(Math.max(...markerNumbers(answer.text))).toBe(answer.citations.length);
    expect(answer).toMatchObject({ supported: true, llmCalls: 0 });
  });
});

describe('createOfflineAnswerWriter with tables', () => {
  const leave = passage({
    id: 'hr/leave.md',
    title: 'Leave Policy',
    headings: ['Vacation'],
    text: 'Vacation days depend on the office.\n\n| Office | Vacation days |\n|---|---|\n| Boston | 20 |\n| Rotterdam | 25 |',
  });

  it('answers each reading with its own table row, readable on its own', async () => {
    const answer = await createOfflineAnswerWriter().writeAll({
      question: 'How many vacation days do I get?',
      interpretations: ['Boston', 'Rotterdam'].map((office) =>
        interpretation({
          interpretation: `How many vacation days do I get — ${office}?`,
          passages: [leave],
        }),
      ),
    });
    expect(answer.text).toBe(
      '**Boston:** Office: Boston; Vacation days: 20 [1].\n\n' +
        '**Rotterdam:** Office: Rotterdam; Vacation days: 25 [1].',
    );
    expect(answer.citations.map((citation) => citation.chunkId)).toEqual([leave.chunkId]);
  });
});

/** The offline answer to `question` from one page holding `page`, given the reading's answer. */
async function answerFrom(input: {
  question: string;
  page: string;
  answer: string;
  evidence?: string;
  maxSentences?: number;
}): Promise<string> {
  const page = passage({
    id: 'kb/page.md',
    title: 'Page',
    headings: ['Section'],
    text: input.page,
  });
  const written = await createOfflineAnswerWriter({ maxSentences: input.maxSentences }).write({
    question: input.question,
    interpretation: interpretation({
      interpretation: input.question,
      answer: input.answer,
      evidence: input.evidence,
      passages: [page],
    }),
  });
  return written.text;
}
