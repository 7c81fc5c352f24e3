import type { Passage } from '@clarify/core';
import { passageFixture } from '@clarify/testing';
import { describe, expect, it } from 'vitest';
import { detectAnswerType } from './answer-type';
import { questionCoverage } from './question-coverage';
import { readingsNamedIn, structuredReadings } from './structured-readings';

const page = passageFixture;

const notice = page(
  'notice',
  'Probation and Notice',
  `## Probation period

| Country | Probation period |
|---|---|
| United States | 90 days |
| Ireland | 6 months |
| New Zealand | 3 months (trial period) |

## Notice period after probation

| Country | Notice period |
|---|---|
| United States | 2 weeks |
| Ireland | one month |
| New Zealand | 4 weeks |`,
);

const holidays = page(
  'holidays',
  'Public Holidays 2027',
  `Each site observes its own calendar.

## Austin

The Austin office observes 11 company holidays in 2027.

## Dublin

The Dublin office observes 10 public holidays in 2027.

## Working on a holiday

Staff who work on a public holiday receive a day in lieu within 6 months.`,
);

const tiers = page(
  'tiers',
  'Partner Program',
  `## Benefits

| Benefit | Registered | Select | Premier |
|---|---|---|---|
| Referral fee | 10% | 15% | 20% |
| Sandbox users | 10 users | 10 users | 25 users |`,
);

const leave = page(
  'leave',
  'Leave Policy',
  `A full-time employee receives 26 vacation days per year:

| Type | Days |
|---|---|
| Statutory days | 20 days |
| Extra days | 6 days |
| Total | 26 days |`,
);

const sla = page(
  'sla',
  'Service Desk SLA',
  `| | P1 | P2 |
|---|---|---|
| First response | 30 minutes | 2 hours |
| Resolution target | 4 hours | 1 business day |`,
);

function readings(question: string, passages: readonly Passage[]) {
  return structuredReadings({
    question,
    passages,
    coverage: questionCoverage(question, passages),
    answerType: detectAnswerType(question),
    minimum: 0.4,
  });
}

describe('structuredReadings', () => {
  it('offers one reading per row of the table whose column is asked, with its value', () => {
    const found = readings('How long is the notice period?', [notice]);
    expect(found.map((reading) => [reading.qualifier, reading.value])).toEqual([
      ['United States', '2 weeks'],
      ['Ireland', 'one month'],
      ['New Zealand', '4 weeks'],
    ]);
    expect(found[1]?.answer).toBe('Ireland — Notice period: one month.');
    expect(found[1]?.evidence).toBe('Country: Ireland; Notice period: one month');
    expect(found[1]?.dimension).toBe('Country');
  });

  it('answers only the row the question names, by its name or its country', () => {
    const named = readings('How long is the probation period in New Zealand?', [notice]);
    expect(named.map((reading) => reading.value)).toEqual(['3 months (trial period)']);
    const byCity = readings('What is the probation period in Dublin?', [notice]);
    expect(byCity.map((reading) => reading.value)).toEqual(['6 months']);
  });

  it('offers sibling sections named by a qualifier, not those named by a topic', () => {
    const found = readings('How many public holidays are there in 2027?', [holidays]);
    expect(found.map((reading) => reading.qualifier)).toEqual(['Austin', 'Dublin']);
    expect(found[0]?.value).toBe('The Austin office observes 11 company holidays in 2027.');
  });

  it('offers no numbered sections: they are parts of one process, not readings', () => {
    const release = page(
      'release',
      'Release Process',
      `Every release has a Release Captain.

## 3. Branch cut

A cherry-pick needs approval from the Release Captain in the PR.

## 5. Go/no-go

Approval for a release is the Release Captain's go/no-go decision.`,
    );
    expect(readings('Who approves a release?', [release])).toEqual([]);
  });

  it('reads a table whose columns are the qualifiers along the asked row', () => {
    const found = readings('What referral fee do partners get?', [tiers]);
    expect(found.map((reading) => [reading.qualifier, reading.value])).toEqual([
      ['Registered', '10%'],
      ['Select', '15%'],
      ['Premier', '20%'],
    ]);
    const premier = readings('What referral fee do Premier partners get?', [tiers]);
    expect(premier.map((reading) => reading.value)).toEqual(['20%']);
  });

  it('offers no readings for a table that breaks one value down into a total', () => {
    expect(readings('How many vacation days do I get?', [leave])).toEqual([]);
  });

  it('offers no readings for rows labelled by ranges: they are conditions of one rule', () => {
    const tenure = page(
      'pto',
      'Leave Policy',
      '| Tenure | PTO days per year |\n|---|---|\n| Year 1–4 | 20 days |\n| Year 5 and later | 25 days |',
    );
    expect(readings('How many PTO days do I get per year?', [tenure])).toEqual([]);
  });

  it('offers no readings when the header only repeats a code the question names', () => {
    expect(readings("What's the SLA for a P1?", [sla])).toEqual([]);
  });
});

describe('readingsNamedIn', () => {
  const rows = [{ qualifier: 'United States (Austin)' }, { qualifier: 'Ireland (Dublin)' }];

  it('finds readings by a word only they have, else by the country a place is in', () => {
    expect(readingsNamedIn(rows, 'I work in Dublin')).toEqual([rows[1]]);
    expect(readingsNamedIn(rows, 'I am on an Irish contract')).toEqual([rows[1]]);
    expect(readingsNamedIn(rows, 'Hi there')).toEqual([]);
  });
});
