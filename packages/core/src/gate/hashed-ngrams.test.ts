import { describe, expect, it } from 'vitest';
import { fnv1a, hashNgrams } from './hashed-ngrams';

describe('fnv1a', () => {
  it('matches the published 32-bit FNV-1a test vectors', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });
});

describe('hashNgrams', () => {
  it('hashes unigrams and bigrams into sorted, distinct, in-range buckets', () => {
    const entries = hashNgrams(['<s>', 'what', 'about', '<name>', '</q>'], 64);
    const indices = entries.map(([index]) => index);
    expect(indices).toEqual([...new Set(indices)].sort((left, right) => left - right));
    expect(indices.every((index) => index >= 0 && index < 64)).toBe(true);
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.length).toBeLessThanOrEqual(9);
    expect(entries.every(([, value]) => value === 1)).toBe(true);
  });

  it('tells word order apart through bigrams', () => {
    expect(hashNgrams(['is', 'it'], 1 << 20)).not.toEqual(hashNgrams(['it', 'is'], 1 << 20));
  });
});
