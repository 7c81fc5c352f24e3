import { describe, expect, it } from 'vitest';
import { escapeMrkdwn, safeLink } from './escape-mrkdwn';

describe('escapeMrkdwn', () => {
  it('turns &, < and > into entities so no mention, channel or link can form', () => {
    expect(escapeMrkdwn('<!channel> <@U1> <#C1> <http://evil|x> a & b > c')).toBe(
      '&lt;!channel&gt; &lt;@U1&gt; &lt;#C1&gt; &lt;http://evil|x&gt; a &amp; b &gt; c',
    );
  });

  it('escapes an entity already in the text, so it shows as written', () => {
    expect(escapeMrkdwn('AT&T &amp; &lt;')).toBe('AT&amp;T &amp;amp; &amp;lt;');
  });

  it('puts a word joiner after the @ of bare broadcast mentions, whatever their case', () => {
    expect(escapeMrkdwn('@here @channel @everyone @Here me@here @hereby @heather')).toBe(
      '@\u2060here @\u2060channel @\u2060everyone @\u2060Here me@\u2060here @\u2060hereby @heather',
    );
  });

  it('leaves ordinary text, emoji and [n] markers alone', () => {
    expect(escapeMrkdwn('Leave is 20 days [1] 😀\n*bold*')).toBe('Leave is 20 days [1] 😀\n*bold*');
  });
});

describe('safeLink', () => {
  it('links an http(s) URI, keeping its query as it is', () => {
    expect(safeLink('https://docs.example.com/a?b=1&c=2', 'Leave policy')).toBe(
      '<https://docs.example.com/a?b=1&c=2|Leave policy>',
    );
    expect(safeLink('HTTP://docs.example.com', 'Docs')).toBe('<HTTP://docs.example.com|Docs>');
  });

  it('escapes the label and removes | and > from it', () => {
    expect(safeLink('https://x.example', 'a <!channel> | b & c\nd')).toBe(
      '<https://x.example|a &lt;!channel b &amp; c d>',
    );
  });

  it('returns only the escaped label for anything but a clean http(s) URI', () => {
    for (const uri of [
      'file:///srv/docs/a.md',
      'docs/handbook.md',
      'javascript:alert(1)',
      'mailto:a@b.example',
      'https://evil.example|click',
      'https://spa ce.example',
      'https://a.example/<b>',
      'https://a.example/\u0007',
      `https://a.example/${'x'.repeat(1000)}`,
      '',
    ]) {
      expect(safeLink(uri, 'A & B')).toBe('A &amp; B');
    }
  });

  it('falls back to the URI when the label is blank', () => {
    expect(safeLink('https://x.example', ' | ')).toBe('<https://x.example>');
    expect(safeLink('docs/a&b.md', '')).toBe('docs/a&amp;b.md');
  });

  it('shortens a long label to 300 characters without cutting an entity', () => {
    const link = safeLink('https://x.example', `${'a'.repeat(297)}&b`);
    expect(link).toBe(`<https://x.example|${'a'.repeat(297)}…>`);
  });
});
