import { describe, expect, it } from 'vitest';
import { tokenize } from './tokenize';

describe('tokenize', () => {
  it('lower-cases and splits on anything that is not a letter or a digit', () => {
    expect(tokenize('Reset your VPN-password (v3) via 2FA: https://id.example.com!')).toEqual([
      'reset',
      'your',
      'vpn',
      'password',
      'v3',
      'via',
      '2fa',
      'https',
      'id',
      'example',
      'com',
    ]);
  });

  it('removes diacritics and applies compatibility decomposition', () => {
    expect(tokenize('Café Über naïve ﬁle Ｒésumé')).toEqual([
      'cafe',
      'uber',
      'naive',
      'file',
      'resume',
    ]);
  });

  it('keeps letters and digits of other scripts', () => {
    expect(tokenize('Привет, мир 2024 — 東京')).toEqual(['привет', 'мир', '2024', '東京']);
  });

  it('returns nothing for text without letters or digits', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' -- !? … ')).toEqual([]);
  });

  it('gives the same tokens on the ASCII fast path and the Unicode path', () => {
    const ascii = 'Expense reports: submit within 30 days, v2 form.';
    expect(tokenize(`${ascii} é`).slice(0, -1)).toEqual(tokenize(ascii));
  });
});
