import { describe, expect, it } from 'vitest';
import { containsAnyPhrase, containsPhrase, normalize } from './normalize';

describe('normalize', () => {
  it('lower-cases, drops punctuation and articles, folds spaces', () => {
    expect(normalize('The 25 Days.')).toBe('25 days');
    expect(normalize('  An   apple, a pear;\tthe end!  ')).toBe('apple pear end');
    expect(normalize('The 25 Days.')).toBe(normalize('25 days'));
  });

  it('drops articles only as whole words', () => {
    expect(normalize('Theme and anthem')).toBe('theme and anthem');
  });

  it('joins words around an apostrophe and splits them at other punctuation', () => {
    expect(normalize("Don't use the employee’s PC")).toBe('dont use employees pc');
    expect(normalize('id.example.com/reset')).toBe('id example com reset');
    expect(normalize('1.5 days')).not.toBe(normalize('15 days'));
    expect(normalize('Ctrl+Alt+Del')).toBe('ctrl alt del');
    expect(normalize('$1,500 (USD)')).toBe('1 500 usd');
  });

  it('is Unicode-aware', () => {
    expect(normalize('Ｔｈｅ Café’s «menu»')).toBe('cafés menu');
    expect(normalize('Η ΑΔΕΙΑ — 25 ημέρες')).toBe('η αδεια 25 ημέρες');
    expect(normalize('STRASSE Straße')).toBe('strasse straße');
    expect(normalize('年假：25天。')).toBe('年假 25天');
  });
});

describe('containsPhrase', () => {
  it('finds a phrase on word boundaries only', () => {
    expect(containsPhrase('you get 25 days', '25 days')).toBe(true);
    expect(containsPhrase('you get 15 days', '5 days')).toBe(false);
    expect(containsPhrase('25 days', '25 days')).toBe(true);
  });

  it('never finds an empty phrase (an alias that normalised to nothing)', () => {
    expect(containsPhrase('anything', normalize('The!'))).toBe(false);
    expect(containsAnyPhrase('anything', ['', 'other'])).toBe(false);
    expect(containsAnyPhrase('the other one', ['', 'other'])).toBe(true);
  });
});
