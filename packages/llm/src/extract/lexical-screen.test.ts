import { passageFixture } from '@clarify/testing';
import { describe, expect, it } from 'vitest';
import { screenPassages } from './lexical-screen';

const passage = passageFixture;

const vpn = passage('vpn', 'VPN password', 'Reset your VPN password at netpass.');
const okta = passage('okta', 'Okta', 'Reset your Okta password with Forgot password.');
const canteen = passage('canteen', 'Canteen', 'Lunch is served from 12:00.');
const wifi = passage('wifi', 'Wi-Fi', 'The guest network rotates monthly.');

describe('screenPassages', () => {
  it('keeps the passages that hold enough of the question, in retrieval order', () => {
    expect(
      screenPassages('How do I reset my VPN password?', [canteen, okta, vpn, wifi]).map(
        (kept) => kept.chunkId,
      ),
    ).toEqual(['okta', 'vpn']);
  });

  it('sends at most maxPassages, the best covering first', () => {
    expect(
      screenPassages('How do I reset my VPN password?', [okta, vpn], {
        maxPassages: 1,
      }).map((kept) => kept.chunkId),
    ).toEqual(['vpn']);
  });

  it('matches the question as written, not a compound by its parts', () => {
    const payroll = passage('payroll', 'Payroll', 'Salary is paid on the last working day.');
    expect(screenPassages('When is payday?', [payroll, canteen])).toEqual([]);
  });

  it('screens nothing out of a question without content words', () => {
    expect(screenPassages('How do I do it?', [canteen, wifi])).toHaveLength(2);
  });
});
