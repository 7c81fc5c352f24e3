import { describe, expect, it } from 'vitest';
import type { Passage } from '@clarify/core';
import { answerSpan } from './answer-span';
import { detectAnswerType, satisfiesAnswerType } from './answer-type';
import {
  createOfflineInterpretationExtractor,
  type OfflineExtractorOptions,
} from './create-offline-interpretation-extractor';
import { splitUnits } from './split-units';

function passage(
  documentId: string,
  title: string,
  headings: string[],
  text: string,
  rank: number,
): Passage {
  return {
    chunkId: `${documentId}#${rank}`,
    documentId,
    sourceId: 'kb',
    title,
    uri: `file:///kb/${documentId}`,
    headingPath: [title, ...headings],
    text,
    score: 1 / (60 + rank),
    denseRank: rank,
    similarity: 0.5,
    lexicalRank: rank,
    updatedAt: null,
  };
}

const vpn = passage(
  'it/vpn.md',
  'Resetting Your VPN (GlobalProtect) Password',
  ['Self-service'],
  'Go to https://netpass.example.com and choose Reset password. The new password works after 5 minutes.',
  1,
);
const okta = passage(
  'it/okta.md',
  'Okta SSO Password Reset',
  ['Forgot password'],
  'Does Okta expire passwords?\n\n1. Open https://id.example.com and click Forgot password to reset it.',
  2,
);
const lunch = passage(
  'office/canteen.md',
  'Canteen',
  ['Menu'],
  'Lunch is served from 12:00 to 14:00 on the second floor.',
  3,
);
const boston = passage(
  'hr/leave-boston.md',
  'Leave Policy – Boston',
  ['Vacation'],
  'Full-time US employees receive 20 days of PTO per calendar year.',
  1,
);
const rotterdam = passage(
  'hr/leave-rotterdam.md',
  'Leave Policy – Rotterdam',
  ['Vacation'],
  'Employees in Rotterdam receive 26 vacation days per calendar year. Days expire after 6 months.',
  2,
);

describe('createOfflineInterpretationExtractor', () => {
  const extractor = createOfflineInterpretationExtractor();

  it('keeps the passages that answer, specialised by what sets each apart, and abstains on the rest', async () => {
    const result = await extractor.extract({
      question: 'How do I reset my password?',
      passages: [vpn, okta, lunch],
    });
    expect(result.abstained).toBe(1);
    expect(result.llmCalls).toBe(0);
    expect(result.candidates.map((candidate) => candidate.interpretation)).toEqual([
      'How do I reset my password — VPN (GlobalProtect)?',
      'How do I reset my password — Okta SSO?',
    ]);
    // A short paragraph is the answer whole: its next sentence may hold what was asked.
    expect(result.candidates[0]?.answer).toBe(
      'Go to https://netpass.example.com and choose Reset password. The new password works after 5 minutes.',
    );
    // The FAQ question in the Okta passage is never taken for an answer.
    expect(result.candidates[1]?.answer).toMatch(/^1\. Open https:\/\/id\.example\.com/);
    expect(result.candidates[1]?.passage).toBe(okta);
  });

  it('does not count a name a passage mentions only to deny it', async () => {
    const notVpn = {
      ...okta,
      text: `It is **not** your VPN password; that one has its own page.\n\n${okta.text}`,
    };
    const result = await extractor.extract({
      question: 'How do I reset my VPN password?',
      passages: [vpn, notVpn],
    });
    expect(result.candidates.map((candidate) => candidate.passage.documentId)).toEqual([
      'it/vpn.md',
    ]);
    // When no passage states the name, a denial still answers ("Linux is not supported").
    const linux = passage(
      'it/os.md',
      'Supported systems',
      [],
      'Linux is not supported on laptops.',
      1,
    );
    const denied = await extractor.extract({
      question: 'Is Linux supported on laptops?',
      passages: [linux],
    });
    expect(denied.candidates).toHaveLength(1);
  });

  it('takes documents that give the same date for one reading', async () => {
    const migration = passage(
      'product/migration.md',
      'Migrating from Lattice v2',
      ['Timeline'],
      'Lattice v2 reaches end of life on March 31, 2027, after which workspaces are shut down.',
      1,
    );
    const releases = passage(
      'engineering/releases.md',
      'Release Process',
      ['Lattice v2 maintenance releases'],
      'Security fixes only: Lattice v2 reaches end of life on March 31, 2027.',
      2,
    );
    const result = await extractor.extract({
      question: 'When does Lattice v2 reach end of life?',
      passages: [migration, releases],
    });
    const readings = new Set(result.candidates.map((candidate) => candidate.interpretation));
    expect(readings.size).toBe(1);
    expect(result.candidates).toHaveLength(2); // both documents stay as its evidence
    // Different dates stay different readings.
    const changed = { ...releases, text: 'Lattice v2 reaches end of life on June 30, 2028.' };
    const apart = await extractor.extract({
      question: 'When does Lattice v2 reach end of life?',
      passages: [migration, changed],
    });
    expect(new Set(apart.candidates.map((candidate) => candidate.interpretation)).size).toBe(2);
  });

  it('checks the answer type: "how many" needs a number', async () => {
    const result = await extractor.extract({
      question: 'How many vacation days do I get?',
      passages: [boston, rotterdam, lunch],
    });
    expect(
      result.candidates.map((candidate) => [candidate.passage.documentId, candidate.answer]),
    ).toEqual([
      ['hr/leave-boston.md', 'Full-time US employees receive 20 days of PTO per calendar year.'],
      [
        'hr/leave-rotterdam.md',
        'Employees in Rotterdam receive 26 vacation days per calendar year. Days expire after 6 months.',
      ],
    ]);
    expect(result.candidates[1]?.interpretation).toBe(
      'How many vacation days do I get — Leave Policy – Rotterdam?',
    );
  });

  it('labels by heading when every answer comes from one document', async () => {
    const payroll = (office: string, text: string, rank: number) =>
      passage('hr/payroll.md', 'Payroll calendar', [office], text, rank);
    const result = await extractor.extract({
      question: 'On which day is salary paid?',
      passages: [
        payroll('Boston', 'Salary is paid on the 15th and the last business day of the month.', 1),
        payroll('Rotterdam', 'Salary is paid on the 25th.', 2),
      ],
    });
    expect(result.candidates.map((candidate) => candidate.interpretation)).toEqual([
      'On which day is salary paid — Boston?',
      'On which day is salary paid — Rotterdam?',
    ]);
  });

  it('abstains when the question names a place no passage names; years are left to coverage', async () => {
    const berlin = await extractor.extract({
      question: 'How many vacation days do I get in Berlin?',
      passages: [boston, rotterdam],
    });
    expect(berlin.candidates).toEqual([]);
    const rotterdamOnly = await extractor.extract({
      question: 'How many vacation days do I get in Rotterdam in 2026?',
      passages: [boston, rotterdam],
    });
    expect(rotterdamOnly.candidates.map((candidate) => candidate.passage.documentId)).toEqual([
      'hr/leave-rotterdam.md',
    ]);
  });

  it('tells apart documents of one title that give different values', async () => {
    const film = (documentId: string, text: string, rank: number) =>
      passage(documentId, 'Fiddler on the Roof', [], text, rank);
    const question = 'Who played Fruma-Sarah in Fiddler on the Roof?';
    const madoc = 'Ruth Madoc played Fruma-Sarah in the 1971 film of Fiddler on the Roof.';
    const vosk = 'Jessica Vosk played Fruma-Sarah in the 2015 revival of Fiddler on the Roof.';
    const records = await extractor.extract({
      question,
      passages: [film('p1', madoc, 1), film('p2', vosk, 2)],
    });
    expect(new Set(records.candidates.map((candidate) => candidate.interpretation)).size).toBe(2);
    // Two passages of one document: parts of one answer, one reading.
    const chunks = await extractor.extract({
      question,
      passages: [film('p1', madoc, 1), film('p1', vosk, 2)],
    });
    expect(new Set(chunks.candidates.map((candidate) => candidate.interpretation)).size).toBe(1);
  });

  /** The answers the extractor gives to a question over one passage with this text. */
  const answersFrom = async (question: string, title: string, text: string) =>
    (
      await extractor.extract({ question, passages: [passage('kb/page.md', title, [], text, 1)] })
    ).candidates.map((candidate) => candidate.answer);

  it('answers with the paragraph when the value and the asked words sit in different sentences', async () => {
    const question = 'Who played Fred and George Weasley?';
    const twins =
      'James and Oliver Phelps are English actors. They are known for playing Fred and George Weasley in the Harry Potter films.';
    expect(await answersFrom(question, 'James and Oliver Phelps', twins)).toEqual([twins]);
    // A paragraph longer than a screenful is still answered by its best sentence.
    const long = `${'Filler words about the films. '.repeat(30)}${twins}`;
    expect(await answersFrom(question, 'James and Oliver Phelps', long)).toEqual([
      'They are known for playing Fred and George Weasley in the Harry Potter films.',
    ]);
  });

  it('needs a value beyond the question: a sentence naming only what was asked answers nobody', async () => {
    const question = "Who played Warden Hodges in Dad's Army?";
    const title = "Dad's Army (2016 film)";
    expect(
      await answersFrom(question, title, "He also appeared as Warden Hodges in Dad's Army (2016)."),
    ).toEqual([]);
    expect(
      await answersFrom(question, title, "Bill Pertwee played Warden Hodges in Dad's Army."),
    ).toHaveLength(1);
  });

  it('asks less of the wording when the question wants a typed value', async () => {
    const strict = createOfflineInterpretationExtractor({
      minCoverage: 0.9,
      typedMinCoverage: 0.3,
    });
    const page = passage(
      'hr/approvals.md',
      'Approvals',
      [],
      'Jasmine Ortiz approves every request for extra leave.',
      1,
    );
    const other = passage('hr/other.md', 'Other', [], 'Office hours are 9 to 5.', 2);
    // "Who" wants a name, which the passage gives; "what" wants no typed value.
    const who = await strict.extract({
      question: 'Who approves extra parental leave abroad?',
      passages: [page, other],
    });
    const what = await strict.extract({
      question: 'What is extra parental leave abroad?',
      passages: [page, other],
    });
    expect(who.candidates.map((candidate) => candidate.passage.documentId)).toEqual([
      'hr/approvals.md',
    ]);
    expect(what.candidates).toEqual([]);
  });

  it('takes looser readings of an open question, and of pages about what it names', async () => {
    const leave = (title: string, rank: number) => [
      passage(
        'hr/parental.md',
        'Parental leave',
        [],
        'Partners get 6 weeks of paid parental leave.',
        1,
      ),
      passage(
        'hr/partner.md',
        title,
        [],
        'Partners get 4 weeks of paid leave after a birth or an adoption.',
        rank,
      ),
      passage(
        'hr/requests.md',
        'Leave requests',
        [],
        'Parental leave requests go through Workday.',
        3,
      ),
    ];
    const documents = async (question: string, title: string) =>
      (await extractor.extract({ question, passages: leave(title, 2) })).candidates.map(
        (candidate) => candidate.passage.documentId,
      );
    const open = 'How much paid parental leave does a partner get?';
    // Four content words. The partner page covers about three quarters of what the parental page
    // covers: a reading when it is about something the question names ("Partner leave")…
    expect(await documents(open, 'Partner leave')).toEqual(['hr/parental.md', 'hr/partner.md']);
    // …but not when it is about something else ("Family policies").
    expect(await documents(open, 'Family policies')).toEqual(['hr/parental.md']);
    // Five or more: the question has said what it means; the parental page now covers less
    // than nine tenths of what the partner page covers, and only the partner page answers.
    const specific = 'How much paid parental leave does a partner get after a birth or adoption?';
    expect(await documents(specific, 'Partner leave')).toEqual(['hr/partner.md']);
  });

  it('keeps a less covering passage of an open "who" question when it names someone new', async () => {
    const page = (id: string, text: string, rank: number) =>
      passage(`hr/${id}.md`, id, [], text, rank);
    const requests = page('requests', 'Parental leave requests go through Workday.', 3);
    const ortiz = page('ortiz', 'Jasmine Ortiz approves parental leave for partners.', 1);
    // Covers about three quarters of what the first page covers (no "parental").
    const other = (name: string) =>
      page('other', `${name} approves leave for partners after a birth.`, 2);
    const documents = async (options: OfflineExtractorOptions, second: Passage) =>
      (
        await createOfflineInterpretationExtractor(options).extract({
          question: 'Who approves parental leave for partners?',
          passages: [ortiz, second, requests],
        })
      ).candidates.map((candidate) => candidate.passage.documentId);
    const strict = { relativeCoverage: 0.9, novelValueCoverage: 0.9 };
    const novel = { relativeCoverage: 0.9, novelValueCoverage: 0.6 };
    expect(await documents(strict, other('Rahul Mehta'))).toEqual(['hr/ortiz.md']);
    expect(await documents(novel, other('Rahul Mehta'))).toEqual(['hr/ortiz.md', 'hr/other.md']);
    // The same person as the better-covered page: no new reading.
    expect(await documents(novel, other('Jasmine Ortiz'))).toEqual(['hr/ortiz.md']);
  });

  it('keeps a less covering passage for names only, not for numbers', async () => {
    const passages = [
      passage('hr/parental.md', 'Handbook', [], 'Partners get 16 weeks of paid parental leave.', 1),
      passage(
        'hr/partner.md',
        'Family policies',
        [],
        'Partners get 12 weeks of paid leave after a birth.',
        2,
      ),
      passage('hr/requests.md', 'requests', [], 'Parental leave requests go through Workday.', 3),
    ];
    const result = await createOfflineInterpretationExtractor({
      relativeCoverage: 0.9,
      novelValueCoverage: 0.6,
    }).extract({ question: 'How much paid parental leave does a partner get?', passages });
    expect(result.candidates.map((candidate) => candidate.passage.documentId)).toEqual([
      'hr/parental.md',
    ]);
  });

  it('reads a table row under its heading: the "API limits" row states the API\'s rate limit', async () => {
    const limits = passage(
      'product/v3-limits.md',
      'Lattice v3 – Service Limits',
      ['API limits'],
      '| Limit | Standard | Enterprise max |\n|---|---|---|\n' +
        '| Rate limit | 3,000 requests per minute | 10,000 requests per minute |\n' +
        '| Burst | 500 requests per 10 seconds | 1,500 |\n\n' +
        'Rate limits are enforced per organization. When exceeded, the API returns HTTP 429.',
      1,
    );
    const { candidates } = await extractor.extract({
      question: 'What is the API rate limit?',
      passages: [limits],
    });
    // One reading per plan, each stating its rate, not the section's sentence about limits.
    expect(candidates.map(({ answer }) => answer)).toEqual([
      'Standard — Rate limit: 3,000 requests per minute.',
      'Enterprise max — Rate limit: 10,000 requests per minute.',
    ]);
  });

  it('abstains everywhere for a question with no content words', async () => {
    const result = await extractor.extract({ question: 'How do I do it?', passages: [vpn, okta] });
    expect(result.candidates).toEqual([]);
    expect(result.abstained).toBe(2);
  });
});

describe('answer units and types', () => {
  it('splits sentences, list items and table rows (with their header); a heading is no unit', () => {
    expect(
      splitUnits(
        '# Title\n\nFirst **rule**. Second rule.\n\n- item one\n\n| Office | Days |\n|---|---|\n| Boston | 20 |',
      ),
    ).toEqual(['First rule.', 'Second rule.', '- item one', 'Office: Boston; Days: 20']);
  });

  it('keeps a lead-in and the lines right after it together as one paragraph', () => {
    const text =
      'The crust is of two types:\n\nOceanic: thin, of basalt.\nContinental: thick, of granite.\n\nIt floats on the mantle.';
    expect(splitUnits(text, { paragraphChars: 800 })).toEqual([
      'The crust is of two types: Oceanic: thin, of basalt. Continental: thick, of granite.',
      'It floats on the mantle.',
    ]);
    // List items stay items, and without paragraphs the lines stay sentences.
    expect(splitUnits('To reset:\n\n1. Open the portal.', { paragraphChars: 800 })).toEqual([
      'To reset:',
      '1. Open the portal.',
    ]);
    expect(splitUnits(text)).toHaveLength(4);
  });

  it('answers from a sentence that gives the value when the title says what it is about', async () => {
    const song = passage(
      'music/back-to-you.md',
      'Back to You (Selena Gomez song)',
      [],
      'The track was released on May 10, 2018, as the lead single of the soundtrack.',
      1,
    );
    // The sentence shares no word with the question ("come out" asks, "released" answers).
    const { candidates } = await createOfflineInterpretationExtractor().extract({
      question: 'When did Back to You by Selena Gomez come out?',
      passages: [song],
    });
    expect(candidates.map((candidate) => candidate.answer)).toEqual([
      'The track was released on May 10, 2018, as the lead single of the soundtrack.',
    ]);
    // Not when only the text has the question's words: there the sentence must share them.
    const expenses = passage(
      'finance/expenses.md',
      'Expense reports',
      [],
      'Claim your money back in Navan: it pays out to your account.\n\nReports are paid within 30 days of approval.',
      1,
    );
    const unrelated = await createOfflineInterpretationExtractor().extract({
      question: 'When did Back to You come out?',
      passages: [expenses],
    });
    expect(unrelated.candidates).toEqual([]);
  });

  it('reads the asked-for type from question words', () => {
    expect(detectAnswerType('How many days?')).toBe('number');
    expect(detectAnswerType('When is the deadline?')).toBe('date');
    expect(detectAnswerType('Who approves it?')).toBe('person');
    expect(detectAnswerType('How do I request a laptop?')).toBe('procedure');
    expect(detectAnswerType('What is a PIP?')).toBe('any');
    expect(satisfiesAnswerType('It takes 5 minutes.', 'duration')).toBe(true);
    expect(satisfiesAnswerType('Ask your manager.', 'number')).toBe(false);
    // A name never runs on into the next sentence.
    expect(answerSpan('It is by Diana Ross. It was a hit.', 'person', 'Who sang it?')).toBe(
      'diana ross',
    );
    expect(answerSpan('Written by J. K. Rowling.', 'person', 'Who wrote it?')).toBe(
      'j. k. rowling',
    );
    // A name is a capitalised word inside the sentence, not any two words.
    expect(satisfiesAnswerType('In a fit of rage, Louise shoots Harlan.', 'person')).toBe(true);
    expect(satisfiesAnswerType('Contact the help desk.', 'person')).toBe(true);
    expect(satisfiesAnswerType('Requests are approved within two days.', 'person')).toBe(false);
  });
});
