import { describe, expect, it } from 'vitest';
import { plainMessage } from './plain-message';

describe('plainMessage', () => {
  it('removes emoji codes and links', () => {
    expect(plainMessage(':wave: see PAY-1 (https://jira.acme.com/browse/PAY-1) ?')).toBe(
      'see PAY-1?',
    );
    expect(plainMessage('what about Rotterdam? :thinking_face::skin-tone-2:')).toBe(
      'what about Rotterdam?',
    );
  });

  it('drops code fences and quotes inline code', () => {
    expect(plainMessage('why does this fail ```npm ERR! 404``` in #it-help')).toBe(
      'why does this fail in #it-help',
    );
    expect(plainMessage('is `config.yaml` read at start?')).toBe('is "config.yaml" read at start?');
  });

  it('removes emphasis and quote markers, decodes escapes, keeps snake_case and times', () => {
    expect(plainMessage('> is *user_id* &amp; _the_ key at 10:30:45 &lt;ok&gt;')).toBe(
      'is user_id & the key at 10:30:45 <ok>',
    );
  });

  it('leaves plain text as it is', () => {
    expect(plainMessage('How many vacation days do Boston employees get?')).toBe(
      'How many vacation days do Boston employees get?',
    );
  });
});
