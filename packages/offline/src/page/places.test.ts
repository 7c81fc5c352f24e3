import { describe, expect, it } from 'vitest';
import { countriesIn } from './places';

describe('countriesIn', () => {
  it('reads a country from its name, its people, its abbreviation or a known city', () => {
    expect(
      countriesIn("I'm joining the Dublin office; Dublin staff are on Irish contracts."),
    ).toEqual(new Set(['Ireland']));
    expect(countriesIn('A patient at our Auckland clinic')).toEqual(new Set(['New Zealand']));
    expect(countriesIn('home visits around Austin')).toEqual(new Set(['United States']));
    expect(countriesIn('the US, the UK and New Zealanders')).toEqual(
      new Set(['United States', 'United Kingdom', 'New Zealand']),
    );
  });

  it('reads names only when they are written as names', () => {
    expect(countriesIn('we will reading the nice mobile report')).toEqual(new Set());
    expect(countriesIn('How many days of annual leave do I get?')).toEqual(new Set());
  });
});
