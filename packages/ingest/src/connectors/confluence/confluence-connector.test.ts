import { describe, expect, it } from 'vitest';
import { confluenceConnector } from './confluence-connector';

const parse = (settings: unknown) => confluenceConnector.settings.safeParse(settings);

describe('the confluence connector’s settings', () => {
  it('takes a site with or without /wiki, space keys, an email and the token’s variable', () => {
    const parsed = parse({
      baseUrl: 'https://acme.atlassian.net/wiki/',
      spaces: ['HR', '~jane', 'HR'],
      email: 'bot@acme.com',
      tokenEnv: 'CONFLUENCE_TOKEN',
      maxPages: '500',
    });
    expect(parsed.data).toEqual({
      baseUrl: 'https://acme.atlassian.net',
      spaces: ['HR', '~jane'],
      email: 'bot@acme.com',
      tokenEnv: 'CONFLUENCE_TOKEN',
      maxPages: 500,
    });
    expect(confluenceConnector.describe(parsed.data!)).toBe(
      'https://acme.atlassian.net/wiki: HR, ~jane',
    );
  });

  it('refuses a token in place of its variable, no space, and unknown settings', () => {
    const base = { baseUrl: 'https://acme.atlassian.net', spaces: ['HR'], tokenEnv: 'TOKEN' };
    expect(parse(base).success).toBe(true);
    expect(parse({ ...base, tokenEnv: 'ATATT3xFfGF0-secret' }).success).toBe(false);
    expect(parse({ ...base, spaces: [] }).success).toBe(false);
    expect(parse({ ...base, token: 'secret' }).success).toBe(false);
    expect(parse({ ...base, baseUrl: 'ftp://acme' }).success).toBe(false);
  });
});
