import type { Citation, ClarifyOption, Reply } from '@clarify/core';
import fc from 'fast-check';
import { emptyTrace } from './reply-fixtures';

/** Pieces of text an LLM or a hostile document might produce. */
export const hostileFragments = [
  '<!channel>',
  '<!here|here>',
  '<@U123>',
  '<at>Everyone</at>',
  '[click](https://evil.example)',
  '![img](https://evil.example/x.png)',
  '<#C1>',
  '<https://evil.example|click>',
  '<mailto:a@b.example>',
  '&',
  '&amp;',
  '&lt;',
  '@here',
  '@channel',
  '@everyone',
  '😀',
  '👍🏽',
  '\n',
  '\n\n',
  ' ',
  '. ',
  '[1]',
  '*bold*',
  '`code`',
  '> quote',
  '|',
  'é',
];

/** Whatever a fragment holds except the word joiner, which the renderer itself inserts. */
const word = fc
  .string({ unit: 'grapheme', maxLength: 12 })
  .map((text) => text.replace(/\u2060/g, ''));

const fragment = fc
  .oneof(fc.constantFrom(...hostileFragments), word)
  .filter((text) => text.length > 0);

/** Text of up to `maxLength` characters made of hostile fragments and random words. */
export function hostileText(maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(fc.array(fragment, { minLength: 1, maxLength: 60 }), fc.nat({ max: maxLength }))
    .map(([fragments, target]) => {
      let text = '';
      for (let index = 0; ; index++) {
        const next = fragments[index % fragments.length] ?? '';
        if (text.length + next.length > target) return text;
        text += next;
      }
    });
}

const uri = fc.oneof(
  fc.webUrl(),
  fc.constantFrom(
    'https://docs.example.com/a?b=1&c=2',
    'HTTP://upper.example/x',
    'file:///srv/docs/a.md',
    'docs/handbook.md',
    'javascript:alert(1)',
    'https://evil.example|click',
    'https://spa ce.example',
    'https://a.example/<b>',
    '<!channel>',
    '',
  ),
  fc.string({ maxLength: 40 }),
);

export const citationArbitrary: fc.Arbitrary<Citation> = fc.record({
  chunkId: fc.uuid(),
  documentId: fc.oneof(fc.string({ maxLength: 40 }), hostileText(60)),
  sourceId: fc.constant('source'),
  title: fc.oneof(hostileText(80), hostileText(2000)),
  uri,
  heading: fc.oneof(fc.constant(''), hostileText(100), hostileText(1500)),
  updatedAt: fc.option(fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01') })),
});

/** A citation with a short title and heading, so that many fit in a message. */
const smallCitation: fc.Arbitrary<Citation> = fc.record({
  chunkId: fc.uuid(),
  documentId: fc.string({ maxLength: 20 }),
  sourceId: fc.constant('source'),
  title: hostileText(30),
  uri: fc.oneof(fc.webUrl({ size: 'xsmall' }), uri),
  heading: hostileText(30),
  updatedAt: fc.constant(null),
});

type OptionFields = Omit<ClarifyOption, 'id'>;

function optionList(option: fc.Arbitrary<OptionFields>): fc.Arbitrary<ClarifyOption[]> {
  return fc
    .array(option, { maxLength: 40, size: 'max' })
    .map((list) => list.map((fields, index) => ({ ...fields, id: String(index + 1) })));
}

const options = fc.oneof(
  // Short options with a short source each: many of them reach the 50-block limit first.
  optionList(
    fc.record({
      interpretation: hostileText(40),
      answer: fc.constant(''),
      answerPreview: hostileText(40),
      citations: fc.array(smallCitation, { minLength: 1, maxLength: 1 }),
    }),
  ),
  optionList(
    fc.record({
      interpretation: fc.oneof(hostileText(120), hostileText(1000)),
      answer: hostileText(600),
      answerPreview: hostileText(140),
      citations: fc.array(citationArbitrary, { maxLength: 5 }),
    }),
  ),
);

const note = fc.option(hostileText(300), { nil: undefined });

export const replyArbitrary: fc.Arbitrary<Reply> = fc.oneof(
  fc.record({
    kind: fc.constant('answer' as const),
    text: fc.oneof(hostileText(500), hostileText(50_000)),
    citations: fc.array(citationArbitrary, { maxLength: 100, size: 'max' }),
    interpretedAs: note,
    note,
    trace: fc.constant(emptyTrace),
  }),
  fc.record({
    kind: fc.constant('clarify' as const),
    prompt: hostileText(400),
    options,
    clarificationId: fc.uuid(),
    interpretedAs: note,
    note,
    trace: fc.constant(emptyTrace),
  }),
  fc.record({
    kind: fc.constant('no-answer' as const),
    text: hostileText(5000),
    nearest: fc.array(citationArbitrary, { maxLength: 100, size: 'max' }),
    note,
    trace: fc.constant(emptyTrace),
  }),
);
