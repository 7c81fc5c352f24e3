import { describe, expect, it } from 'vitest';
import type { HistoryTurn, Interpretation } from '../conversation';
import type { Passage } from '../passage';
import { settleByThread } from './settle-by-thread';

function reading(label: string, title: string): Interpretation {
  const passage: Passage = {
    chunkId: title,
    documentId: `${title}.md`,
    sourceId: 'kb',
    title,
    uri: `file:///${title}.md`,
    headingPath: [title],
    text: '',
    score: 0.02,
    denseRank: 1,
    similarity: 0.5,
    lexicalRank: 1,
    updatedAt: null,
  };
  return {
    interpretation: `How many vacation days do I get — ${label}?`,
    answer: '',
    evidence: '',
    passages: [passage],
    support: 1,
  };
}

const question = 'How many vacation days do I get?';
const readings = [
  reading('Rotterdam', 'Leave Policy – Rotterdam (Netherlands)'),
  reading('Boston', 'Leave Policy – Boston (United States)'),
  reading('Bengaluru', 'Leave Policy – Bengaluru (India)'),
];
const user = (text: string): HistoryTurn => ({ role: 'user', text });

/** A gazetteer of a few names: the countries of the names a text contains. */
const placesOf =
  (countries: Record<string, string>) =>
  (text: string): Set<string> =>
    new Set(
      Object.entries(countries).flatMap(([name, country]) =>
        text.includes(name) ? [country] : [],
      ),
    );
const bot = (text: string): HistoryTurn => ({ role: 'assistant', text });

describe('settleByThread', () => {
  it('picks the reading the thread is about', () => {
    const settled = settleByThread({
      question,
      interpretations: readings,
      history: [
        user('I just transferred to the Rotterdam office from Boston.'),
        bot('Welcome to Rotterdam! What would you like to know?'),
      ],
    });
    expect(settled?.kind === 'settled' && settled.interpretation.interpretation).toContain(
      'Rotterdam',
    );
  });

  it('leaves out where a person moved from, and a reply that cites another place', () => {
    const cited = (title: string): HistoryTurn['citations'] => [
      {
        chunkId: '1',
        documentId: `${title}.md`,
        sourceId: 'kb',
        title,
        uri: 'file:///x',
        heading: '',
        updatedAt: null,
      },
    ];
    const settled = (history: HistoryTurn[]) => {
      const result = settleByThread({ question, interpretations: readings, history });
      return result?.kind === 'settled' ? result.interpretation.interpretation : result?.kind;
    };
    expect(settled([user('I moved from Boston to Rotterdam last month.')])).toContain('Rotterdam');
    expect(settled([user("We're relocating from Rotterdam to the Boston office.")])).toContain(
      'Boston',
    );
    // Without a move, "from" is no departure: both places are named.
    expect(settled([user('Our team works from Boston and Rotterdam.')])).toBe('narrowed');
    expect(
      settled([
        user('I just transferred to the Rotterdam office from Boston.'),
        {
          role: 'assistant',
          text: 'US PTO starts accruing from your US start date [1].',
          citations: cited('Leave Policy – Boston (United States)'),
        },
      ]),
    ).toContain('Rotterdam');
  });

  it('reads the titles of what the bot cited', () => {
    const settled = settleByThread({
      question,
      interpretations: readings,
      history: [
        {
          role: 'assistant',
          text: 'You get 18 days of earned leave [1].',
          citations: [
            {
              chunkId: '1',
              documentId: 'hr/leave-policy-bengaluru.md',
              sourceId: 'kb',
              title: 'Leave Policy – Bengaluru (India)',
              uri: 'file:///x',
              heading: '',
              updatedAt: null,
            },
          ],
        },
      ],
    });
    expect(settled?.kind === 'settled' && settled.interpretation.interpretation).toContain(
      'Bengaluru',
    );
  });

  it('asks among all readings when the thread names none of them', () => {
    expect(
      settleByThread({ question, interpretations: readings, history: [user('Hi there!')] }),
    ).toBeNull();
    expect(settleByThread({ question, interpretations: readings, history: [] })).toBeNull();
  });

  it('narrows the question to the readings the thread names about equally', () => {
    const result = settleByThread({
      question,
      interpretations: readings,
      history: [user('Our team sits in Boston and Rotterdam.')],
    });
    expect(result?.kind).toBe('narrowed');
    const narrowed = result?.kind === 'narrowed' ? result.interpretations : [];
    expect(narrowed.map((item) => item.interpretation)).toEqual([
      readings[0]?.interpretation,
      readings[1]?.interpretation,
    ]);
  });

  it('counts a turn once however often it repeats a reading', () => {
    const versions = [
      reading('v1', 'Partner API v1 Reference (Deprecated)'),
      reading('v2', 'Partner API v2 Reference'),
    ];
    expect(
      settleByThread({
        question: 'What is the rate limit?',
        interpretations: versions,
        history: [
          user('Some partners are still on API v1 and some are on v2.'),
          bot('v1 is deprecated and v2 is the current API.'),
        ],
      }),
    ).toBeNull();
  });

  it('reads a place by its country: an office, a city, a people', () => {
    const byCountry = [
      reading('Ireland', 'Probation and Notice'),
      reading('New Zealand', 'Probation and Notice'),
      reading('United States', 'Probation and Notice'),
    ];
    const placesIn = placesOf({
      Dublin: 'Ireland',
      Irish: 'Ireland',
      Ireland: 'Ireland',
      Auckland: 'New Zealand',
      'New Zealand': 'New Zealand',
      'United States': 'United States',
    });
    const settled = settleByThread({
      question: 'How long is my probation?',
      interpretations: byCountry,
      history: [user("I'm joining the Dublin office next month.")],
      placesIn,
    });
    expect(settled?.kind === 'settled' && settled.interpretation.interpretation).toContain(
      'Ireland',
    );
    expect(
      settleByThread({
        question: 'How long is my probation?',
        interpretations: byCountry,
        history: [user("I'm joining the Dublin office next month.")],
      }),
    ).toBeNull();
  });

  it('reads a place by its country only when no reading is named by its own words', () => {
    const byCity = [
      reading('Boston', 'Travel Policy'),
      reading('New York', 'Travel Policy'),
      reading('Amsterdam', 'Travel Policy'),
      reading('London', 'Travel Policy'),
    ];
    const placesIn = placesOf({
      Boston: 'United States',
      'New York': 'United States',
      Amsterdam: 'Netherlands',
      London: 'United Kingdom',
    });
    const result = settleByThread({
      question: "What's the hotel cap per night?",
      interpretations: byCity,
      history: [user('I have trips to Boston and Amsterdam next month.')],
      placesIn,
    });
    expect(
      result?.kind === 'narrowed' && result.interpretations.map((item) => item.interpretation),
    ).toEqual([byCity[0]?.interpretation, byCity[2]?.interpretation]);
  });

  it('does not read a reading into words about the calendar', () => {
    const freezes = [
      reading('Year-End Code Freeze 2026', 'Year-End Code Freeze 2026'),
      reading('Q1 2027 Hiring Freeze', 'Q1 2027 Hiring Freeze'),
    ];
    expect(
      settleByThread({
        question: 'Who can approve an exception?',
        interpretations: freezes,
        history: [
          user('The code freeze and the hiring freeze are both hitting our plans.'),
          bot('Both freezes run over the turn of the year.'),
        ],
      }),
    ).toBeNull();
  });

  it('ignores words every reading shares', () => {
    expect(
      settleByThread({
        question,
        interpretations: readings,
        history: [user('Where is the leave policy?')],
      }),
    ).toBeNull();
  });
});

describe('settleByThread and links', () => {
  it('does not read a reading into a link or an address', () => {
    const sla = [
      reading('Service Desk', 'Service Desk Priorities'),
      reading('Customer Support (Lattice)', 'Customer Support SLA (Lattice)'),
    ];
    expect(
      settleByThread({
        question: 'What is the SLA for a P1 ticket?',
        interpretations: sla,
        history: [
          user('How do I reset my password?'),
          bot(
            'Sign in at https://id.northwind-lattice.example or mail it@northwind-lattice.example.',
          ),
        ],
      }),
    ).toBeNull();
  });

  it('does not read a reading into a function word, even a capitalised one', () => {
    const passwords = [
      reading('VPN', 'Resetting Your VPN Password'),
      reading('Security incident', 'Security Incident Response – How to Report'),
    ];
    expect(
      settleByThread({
        question: 'How do I reset my password?',
        interpretations: passwords,
        history: [
          user('How many vacation days do I get?'),
          bot('"How many vacation days do I get?" can mean different things in our documents.'),
        ],
      }),
    ).toBeNull();
  });
});
