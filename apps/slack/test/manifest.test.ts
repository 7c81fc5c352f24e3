import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Manifest = {
  features: {
    slash_commands: Array<{ command: string; url: string }>;
    app_home: { messages_tab_enabled: boolean };
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    event_subscriptions: { request_url: string; bot_events: string[] };
    interactivity: { is_enabled: boolean; request_url: string };
  };
};

const manifest = parse(
  await readFile(new URL('../../../deploy/slack/manifest.yaml', import.meta.url), 'utf8'),
) as Manifest;

/** Every Web API method the app calls (src/web/slack-web.ts), with the scope it needs. */
const METHOD_SCOPES: Record<string, string[]> = {
  'chat.postMessage': ['chat:write'],
  'chat.update': ['chat:write'],
  'chat.postEphemeral': ['chat:write'],
  'chat.delete': ['chat:write'],
  'conversations.replies': ['channels:history', 'groups:history', 'im:history'],
  'users.info': ['users:read'],
};

describe('deploy/slack/manifest.yaml', () => {
  it('subscribes to the events the app handles', () => {
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['app_mention', 'message.channels', 'message.groups', 'message.im']),
    );
    expect(manifest.features.app_home.messages_tab_enabled).toBe(true);
    expect(manifest.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining(['app_mentions:read', 'commands']),
    );
  });

  it('grants a scope for every Web API method the app calls', () => {
    for (const [method, scopes] of Object.entries(METHOD_SCOPES)) {
      for (const scope of scopes) expect(manifest.oauth_config.scopes.bot, method).toContain(scope);
    }
  });

  it("points events, buttons and /clarify at Bolt's default path", () => {
    const urls = [
      manifest.settings.event_subscriptions.request_url,
      manifest.settings.interactivity.request_url,
      ...manifest.features.slash_commands.map((command) => command.url),
    ];
    for (const url of urls) expect(new URL(url).pathname).toBe('/slack/events');
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.features.slash_commands.map((command) => command.command)).toEqual([
      '/clarify',
    ]);
  });
});
