import { describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { loadSlackConfig } from './slack-config';

const BOT_TOKEN = 'xoxb-1-2-secretvalue';

function slackConfigError(env: Record<string, string>): string {
  try {
    loadSlackConfig(env);
  } catch (error) {
    expect(isClarifyError(error, 'config_invalid')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('loadSlackConfig accepted an invalid configuration');
}

describe('loadSlackConfig', () => {
  it('reads the HTTP mode with its defaults', () => {
    const config = loadSlackConfig({ SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: 's3cret' });
    expect(config).toEqual({
      botToken: BOT_TOKEN,
      connection: { mode: 'http', signingSecret: 's3cret', port: 3000 },
      apiUrl: undefined,
      adminUserIds: [],
      channelSources: {},
      defaultSources: undefined,
      choiceBy: 'anyone',
      timeoutMs: 10_000,
      maxRetries: 3,
      concurrency: 8,
    });
  });

  it('reads Socket Mode, admins, the channel mapping and the API URL', () => {
    const config = loadSlackConfig({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_APP_TOKEN: 'xapp-1-abc',
      SLACK_ADMIN_USER_IDS: 'U1, U2 U3',
      SLACK_CHANNEL_SOURCES: 'C1=handbook,it; C2 = eng',
      SLACK_DEFAULT_SOURCES: 'handbook',
      SLACK_API_URL: 'http://127.0.0.1:4000/api/',
      SLACK_CHOICE_BY: 'asker',
    });
    expect(config.connection).toEqual({ mode: 'socket', appToken: 'xapp-1-abc', port: 3000 });
    expect(config.adminUserIds).toEqual(['U1', 'U2', 'U3']);
    expect(config.channelSources).toEqual({ C1: ['handbook', 'it'], C2: ['eng'] });
    expect(config.defaultSources).toEqual(['handbook']);
    expect(config.apiUrl).toBe('http://127.0.0.1:4000/api/');
    expect(config.choiceBy).toBe('asker');
  });

  it('wants exactly one way in', () => {
    expect(slackConfigError({ SLACK_BOT_TOKEN: BOT_TOKEN })).toMatch(
      /SLACK_SIGNING_SECRET \(HTTP\) or SLACK_APP_TOKEN/,
    );
    expect(
      slackConfigError({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: 's',
        SLACK_APP_TOKEN: 'xapp-1',
      }),
    ).toMatch(/exactly one/);
  });

  it('names bad variables without echoing secrets', () => {
    const message = slackConfigError({
      SLACK_BOT_TOKEN: 'xoxp-user-token-secret',
      SLACK_SIGNING_SECRET: 's',
    });
    expect(message).toMatch(/SLACK_BOT_TOKEN/);
    expect(message).not.toMatch(/user-token-secret/);
    expect(slackConfigError({ SLACK_SIGNING_SECRET: 's' })).toMatch(/SLACK_BOT_TOKEN is required/);
    expect(
      slackConfigError({
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: 's',
        SLACK_CHANNEL_SOURCES: 'C1',
      }),
    ).toMatch(/SLACK_CHANNEL_SOURCES/);
    expect(
      slackConfigError({ SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: 's', PORT: 'eighty' }),
    ).toMatch(/PORT/);
  });
});
