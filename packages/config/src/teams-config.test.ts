import { describe, expect, it } from 'vitest';
import { isClarifyError } from '@clarify/core';
import { loadTeamsConfig } from './teams-config';

function problem(env: Record<string, string>): string {
  try {
    loadTeamsConfig(env);
  } catch (error) {
    expect(isClarifyError(error, 'config_invalid')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('loadTeamsConfig accepted an invalid configuration');
}

describe('loadTeamsConfig', () => {
  it('reads a single-tenant app with its password and the shared chat settings', () => {
    const config = loadTeamsConfig({
      TEAMS_APP_ID: 'app-id',
      TEAMS_APP_PASSWORD: 'p4ss',
      TEAMS_TENANT_ID: 'tenant',
      CLARIFY_ADMIN_USER_IDS: 'aad-1',
      TEAMS_CHANNEL_SOURCES: '19:abc@thread.tacv2=handbook',
    });
    expect(config).toMatchObject({
      appId: 'app-id',
      appType: 'SingleTenant',
      tenantId: 'tenant',
      credentials: { kind: 'password', password: 'p4ss' },
      insecureLocal: false,
      port: 3978,
      adminUserIds: ['aad-1'],
      channelSources: { '19:abc@thread.tacv2': ['handbook'] },
      graph: {
        enabled: true,
        url: 'https://graph.microsoft.com',
        loginUrl: 'https://login.microsoftonline.com',
      },
    });
  });

  it('reads reply chains through Graph unless told not to, at the URLs given', () => {
    const base = { TEAMS_APP_ID: 'a', TEAMS_APP_PASSWORD: 'p', TEAMS_TENANT_ID: 't' };
    expect(loadTeamsConfig({ ...base, TEAMS_GRAPH_HISTORY: '0' }).graph.enabled).toBe(false);
    expect(
      loadTeamsConfig({
        ...base,
        TEAMS_GRAPH_URL: 'https://graph.microsoft.us',
        TEAMS_LOGIN_URL: 'https://login.microsoftonline.us',
      }).graph,
    ).toEqual({
      enabled: true,
      url: 'https://graph.microsoft.us',
      loginUrl: 'https://login.microsoftonline.us',
    });
    expect(problem({ ...base, TEAMS_GRAPH_URL: 'not a url' })).toMatch(/TEAMS_GRAPH_URL/);
    expect(problem({ ...base, TEAMS_GRAPH_HISTORY: 'yes' })).toMatch(/TEAMS_GRAPH_HISTORY/);
  });

  it('refuses to start without an app id unless local testing is asked for explicitly', () => {
    expect(problem({})).toMatch(/TEAMS_APP_ID is required.*TEAMS_INSECURE_LOCAL=1/);
    const local = loadTeamsConfig({ TEAMS_INSECURE_LOCAL: '1' });
    expect(local).toMatchObject({ appId: '', insecureLocal: true, credentials: { kind: 'none' } });
  });

  it('names what is missing, never a secret', () => {
    expect(problem({ TEAMS_APP_ID: 'a', TEAMS_APP_PASSWORD: 'secret-value' })).toMatch(
      /TEAMS_TENANT_ID/,
    );
    expect(problem({ TEAMS_APP_ID: 'a', TEAMS_TENANT_ID: 't' })).toMatch(/TEAMS_APP_PASSWORD/);
    const both = problem({
      TEAMS_APP_ID: 'a',
      TEAMS_TENANT_ID: 't',
      TEAMS_APP_PASSWORD: 'secret-value',
      TEAMS_CERTIFICATE_THUMBPRINT: 'AB',
      TEAMS_CERTIFICATE_PRIVATE_KEY: 'key',
    });
    expect(both).toMatch(/not both/);
    expect(both).not.toContain('secret-value');
    expect(problem({ TEAMS_APP_ID: 'a', TEAMS_APP_TYPE: 'Anything' })).toMatch(/TEAMS_APP_TYPE/);
  });
});
