import { describe, expect, it } from 'vitest';
import { givesAskedValue } from './asked-value';

describe('givesAskedValue', () => {
  it('does not take the names and numbers of the question itself for an answer', () => {
    const question = "Who played Warden Hodges in Dad's Army?";
    expect(givesAskedValue("He appeared as Warden Hodges in Dad's Army.", 'person', question)).toBe(
      false,
    );
    expect(
      givesAskedValue("Bill Pertwee played Warden Hodges in Dad's Army.", 'person', question),
    ).toBe(true);
    expect(givesAskedValue('Oil was found in 2017.', 'date', 'When was oil found in 2017?')).toBe(
      false,
    );
    expect(
      givesAskedValue('Oil was found in 1956.', 'date', 'When was oil found in Nigeria?'),
    ).toBe(true);
  });

  it('keeps the role words the question shares: "the IT team" answers "which team"', () => {
    expect(
      givesAskedValue('The IT team handles it.', 'person', 'Which team handles laptops?'),
    ).toBe(true);
  });

  it('reads questions with regular-expression characters literally', () => {
    expect(
      givesAskedValue('Ada Lovelace wrote it.', 'person', 'Who wrote (the) notes [sic]?'),
    ).toBe(true);
  });
});
