import { describe, expect, it } from 'vitest';
import { normalizeAnswer } from './normalize-answer';

describe('normalizeAnswer', () => {
  it('lower-cases, drops punctuation and articles, and collapses whitespace', () => {
    expect(normalizeAnswer('The 25 days.')).toBe('25 days');
    expect(normalizeAnswer('  An   HR-portal, "Workday"! ')).toBe('hrportal workday');
    expect(normalizeAnswer('U.S. office')).toBe(normalizeAnswer('us Office'));
  });

  it('keeps words that only contain an article and distinguishes different answers', () => {
    expect(normalizeAnswer('Theatre A')).toBe('theatre');
    expect(normalizeAnswer('25 days')).not.toBe(normalizeAnswer('30 days'));
    expect(normalizeAnswer('...')).toBe('');
  });
});
