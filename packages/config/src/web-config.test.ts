import { describe, expect, it } from 'vitest';
import { loadWebConfig } from './web-config';

describe('loadWebConfig', () => {
  it('listens on loopback port 3000 by default, with no token of its own', () => {
    const config = loadWebConfig({});
    expect([config.host, config.port, config.adminToken, config.secret]).toEqual([
      '127.0.0.1',
      3000,
      undefined,
      undefined,
    ]);
  });

  it('takes the command line over the environment', () => {
    const config = loadWebConfig({ CLARIFY_WEB_PORT: '4000' }, { port: 5000 });
    expect(config.port).toBe(5000);
  });

  it('refuses to listen beyond this machine without an admin token', () => {
    expect(() => loadWebConfig({ CLARIFY_WEB_HOST: '0.0.0.0' })).toThrow(/CLARIFY_ADMIN_TOKEN/);
    const config = loadWebConfig({
      CLARIFY_WEB_HOST: '0.0.0.0',
      CLARIFY_ADMIN_TOKEN: 'a-long-enough-admin-token',
    });
    expect(config.host).toBe('0.0.0.0');
  });

  it('names a bad variable, never its value', () => {
    let message = '';
    try {
      loadWebConfig({ CLARIFY_ADMIN_TOKEN: 'short-secret', CLARIFY_WEB_PORT: 'x' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/CLARIFY_ADMIN_TOKEN: must be at least 16 characters/);
    expect(message).toMatch(/CLARIFY_WEB_PORT/);
    expect(message).not.toContain('short-secret');
  });

  it('configures an OpenID Connect sign-in, which also allows listening beyond loopback', () => {
    const config = loadWebConfig({
      CLARIFY_WEB_HOST: '0.0.0.0',
      CLARIFY_OIDC_ISSUER: 'https://login.example.com/tenant/v2.0',
      CLARIFY_OIDC_CLIENT_ID: 'clarify',
      CLARIFY_OIDC_ADMINS: 'Ana@Example.com, ops@example.com',
      CLARIFY_WEB_PUBLIC_URL: 'https://clarify.example.com/',
    });
    expect(config.oidc).toEqual({
      issuer: 'https://login.example.com/tenant/v2.0',
      clientId: 'clarify',
      clientSecret: undefined,
      admins: ['ana@example.com', 'ops@example.com'],
    });
    expect(config.publicUrl).toBe('https://clarify.example.com');
    expect(() =>
      loadWebConfig({
        CLARIFY_OIDC_ISSUER: 'https://login.example.com',
        CLARIFY_OIDC_CLIENT_ID: 'c',
      }),
    ).toThrow(/CLARIFY_OIDC_ADMINS is required/);
  });
});
