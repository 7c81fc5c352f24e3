import { describe, expect, it } from 'vitest';
import { mergeLabels } from './merge-labels';

describe('mergeLabels', () => {
  it('names one system by its shorter label', () => {
    const canonical = mergeLabels(['VPN (GlobalProtect)', 'GlobalProtect VPN Setup', 'Okta SSO']);
    expect(canonical.get('GlobalProtect VPN Setup')).toBe('VPN (GlobalProtect)');
    expect(canonical.get('VPN (GlobalProtect)')).toBe('VPN (GlobalProtect)');
    expect(canonical.get('Okta SSO')).toBe('Okta SSO');
  });

  it('keeps labels that differ in a word apart', () => {
    const canonical = mergeLabels(['Boston Guide', 'Bengaluru Guide']);
    expect(canonical.get('Boston Guide')).toBe('Boston Guide');
    expect(canonical.get('Bengaluru Guide')).toBe('Bengaluru Guide');
  });
});
