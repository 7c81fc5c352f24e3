import { describe, expect, it } from 'vitest';
import { sharepointConnector } from './sharepoint-connector';

const credentials = { tenantId: 't1', clientId: 'app-1', clientSecretEnv: 'HR_SP_SECRET' };

describe('the sharepoint connector', () => {
  it('takes a site (and a library) or a drive, with Microsoft’s public cloud by default', () => {
    const parsed = sharepointConnector.settings.parse({
      ...credentials,
      siteUrl: 'https://contoso.sharepoint.com/sites/hr',
      library: 'Policies',
      folder: 'HR/2026',
    });
    expect(parsed).toMatchObject({
      graphUrl: 'https://graph.microsoft.com',
      loginUrl: 'https://login.microsoftonline.com',
    });
    expect(sharepointConnector.describe(parsed)).toBe(
      'https://contoso.sharepoint.com/sites/hr (Policies): HR/2026',
    );
    const drive = sharepointConnector.settings.parse({ ...credentials, driveId: 'b!abc' });
    expect(sharepointConnector.describe(drive)).toBe('drive b!abc');
  });

  it.each([
    ['neither a site nor a drive', { ...credentials }, /siteUrl/],
    [
      'both a site and a drive',
      { ...credentials, siteUrl: 'https://c.sharepoint.com/sites/a', driveId: 'b!1' },
      /either siteUrl .* or driveId/,
    ],
    ['a library without a site', { ...credentials, driveId: 'b!1', library: 'X' }, /library/],
    [
      'a secret instead of a variable name',
      { ...credentials, clientSecretEnv: 'abc~123.secret', driveId: 'b!1' },
      /environment variable/,
    ],
    ['an unknown setting', { ...credentials, driveId: 'b!1', clientSecret: 'x' }, /clientSecret/],
  ])('refuses %s', (_case, value, message) => {
    const parsed = sharepointConnector.settings.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(JSON.stringify(parsed.error?.issues)).toMatch(message);
  });

  it('has an option for each setting, described as sharepoint’s', () => {
    expect(sharepointConnector.options.map((option) => option.key).sort()).toEqual(
      [
        'clientId',
        'clientSecretEnv',
        'driveId',
        'folder',
        'graphUrl',
        'library',
        'loginUrl',
        'siteUrl',
        'tenantId',
      ].sort(),
    );
    for (const option of sharepointConnector.options) {
      expect(option.description).toMatch(/\(sharepoint[;)]/);
    }
  });
});
