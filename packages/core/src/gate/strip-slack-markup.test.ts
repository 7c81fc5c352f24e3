import { describe, expect, it } from 'vitest';
import { stripSlackMarkup } from './strip-slack-markup';

describe('stripSlackMarkup', () => {
  it('removes mentions, emoji codes and bare links; keeps link labels', () => {
    expect(
      stripSlackMarkup(
        '<@U02ABCD> :wave: see <https://jira.acme.com/browse/PAY-1|PAY-1> and <https://x.io> ?',
      ),
    ).toBe('see PAY-1 and?');
    expect(stripSlackMarkup('<!here> what about Rotterdam? :thinking_face::skin-tone-2:')).toBe(
      'what about Rotterdam?',
    );
  });

  it('drops code fences, quotes inline code and names channels', () => {
    expect(stripSlackMarkup('why does this fail ```npm ERR! 404``` in <#C0123|it-help>')).toBe(
      'why does this fail in #it-help',
    );
    expect(stripSlackMarkup('is `config.yaml` read at start?')).toBe(
      'is "config.yaml" read at start?',
    );
  });

  it('removes emphasis markers and decodes entities but keeps snake_case and times', () => {
    expect(stripSlackMarkup('is *user_id* &amp; _the_ key at 10:30:45 &lt;ok&gt;')).toBe(
      'is user_id & the key at 10:30:45 <ok>',
    );
  });

  it('leaves plain text as it is', () => {
    expect(stripSlackMarkup('How many vacation days do Boston employees get?')).toBe(
      'How many vacation days do Boston employees get?',
    );
  });
});
