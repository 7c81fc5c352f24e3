import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../src/bench/launch-chromium';
import { startTestConsole, type RunningConsole } from './console-harness';
import { startFakeOidcProvider, type FakeOidcProvider } from './fake-oidc-provider';

let provider: FakeOidcProvider;
let running: RunningConsole;
let browser: Browser;

beforeAll(async () => {
  provider = await startFakeOidcProvider();
  [running, browser] = await Promise.all([
    startTestConsole({
      adminToken: undefined,
      oidcAllowHttp: true,
      oidc: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        admins: ['admin@example.com'],
      },
    }),
    launchChromium(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await running?.stop();
  await provider?.close();
});

describe('admin sign-in with OpenID Connect', () => {
  it('signs an admin in through the provider and returns to the page asked for', async () => {
    const page = await (await browser.newContext()).newPage();
    provider.user = { sub: 'user-1', email: 'Admin@Example.com' };
    await page.goto(`${running.console.url}/admin/health`);
    expect(new URL(page.url()).pathname).toBe('/login');
    // Only the provider signs admins in here: no token form.
    expect(await page.getByLabel('Admin token').count()).toBe(0);
    await page.getByRole('link', { name: 'Sign in with your company account' }).click();
    await page.getByRole('heading', { name: 'Index health' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/health');
    expect(provider.refused).toEqual([]);
    await page.goto(`${running.console.url}/admin/audit`);
    expect(await page.locator('table.data').innerText()).toContain('admin@example.com');
  });

  it('refuses a user of the provider who is not an admin', async () => {
    const page = await (await browser.newContext()).newPage();
    provider.user = { sub: 'user-2', email: 'someone@example.com' };
    await page.goto(`${running.console.url}/login/oidc?next=/admin/sources`);
    expect(await page.locator('main').innerText()).toContain(
      'someone@example.com, who is not an admin',
    );
    await page.goto(`${running.console.url}/admin/sources`);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('refuses a callback that was not started in this browser (a forged or replayed code)', async () => {
    const page = await (await browser.newContext()).newPage();
    const response = await page.goto(
      `${running.console.url}/login/oidc/callback?code=stolen&state=guessed`,
    );
    expect(response?.status()).toBe(400);
    expect(await page.locator('main').innerText()).toContain('did not complete');
  });
});
