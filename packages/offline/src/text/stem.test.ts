import { describe, expect, it } from 'vitest';
import { stem } from './stem';

describe('stem', () => {
  it.each([
    ['passwords', 'password'],
    ['policies', 'policy'],
    ['addresses', 'address'],
    ['patches', 'patch'],
    ['boxes', 'box'],
    ['requests', 'request'],
    ['applied', 'apply'],
    ['stopped', 'stop'],
    ['quickly', 'quick'],
    ['monthly', 'month'],
  ])('strips the suffix of %s → %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it.each([
    ['reset', 'resets', 'resetting'],
    ['update', 'updated', 'updating', 'updates'],
    ['change', 'changed', 'changes', 'changing'],
    ['release', 'released', 'releases', 'releasing'],
    ['install', 'installed', 'installing', 'installs'],
    ['make', 'making', 'makes'],
    ['log', 'logging', 'logged', 'logs'],
    ['meeting', 'meetings'],
    ['setting', 'settings'],
    ['policy', 'policies'],
    ['cache', 'caches', 'cached'],
    ['size', 'sizes'],
    ['process', 'processes'],
    ['employee', 'employees'],
  ])('gives %s and its inflections one stem', (...words) => {
    const stems = new Set(words.map(stem));
    expect([...stems]).toHaveLength(1);
  });

  it.each([
    'access',
    'status',
    'analysis',
    'install',
    'miss',
    'buzz',
    'add',
    'apply',
    'supply',
    'family',
    'assembly',
    'string',
    'bring',
    'need',
    'used',
    'login',
    'wifi',
  ])('does not over-strip %s', (word) => {
    expect(stem(word)).toBe(word);
  });

  it.each([
    ['adding', 'add'],
    ['leaving', 'leav'],
    ['leave', 'leav'],
    ['onboarding', 'onboard'],
    ['logins', 'login'],
  ])('strips %s only as far as %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it.each(['v3', '2fa', 'ipv6', 'x509s', 'the', 'bus', 'its'])('leaves %s unchanged', (token) => {
    expect(stem(token)).toBe(token);
  });
});
