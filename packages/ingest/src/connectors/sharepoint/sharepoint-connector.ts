import { z } from 'zod';
import type { Connector } from '../connector';
import { httpUrl } from '../settings-fields';
import {
  createSharePointSourceReader,
  DEFAULT_GRAPH_URL,
  DEFAULT_LOGIN_URL,
  type SharePointSourceSettings,
} from './sharepoint-source-reader';

const settings = z
  .object({
    tenantId: z.string().min(1, 'the Microsoft Entra tenant id is required'),
    clientId: z.string().min(1, 'the app registration’s client id is required'),
    clientSecretEnv: z
      .string()
      .regex(/^[A-Z_][A-Z0-9_]*$/, 'the name of an environment variable (not the secret)'),
    siteUrl: httpUrl.optional(),
    library: z.string().min(1).optional(),
    driveId: z.string().min(1).optional(),
    folder: z.string().min(1).optional(),
    graphUrl: httpUrl.default(DEFAULT_GRAPH_URL),
    loginUrl: httpUrl.default(DEFAULT_LOGIN_URL),
  })
  .strict()
  .superRefine((value, context) => {
    if ((value.siteUrl === undefined) === (value.driveId === undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['siteUrl'],
        message: 'give either siteUrl (a site’s library) or driveId, not both or neither',
      });
    }
    if (value.library !== undefined && value.siteUrl === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['library'],
        message: 'a library is named within a site: give siteUrl with it',
      });
    }
  });

/**
 * SharePoint document libraries and OneDrive through Microsoft Graph: app-only
 * (client-credentials) auth, delta queries between runs, and files with permissions narrower
 * than the library left out.
 */
export const sharepointConnector: Connector<SharePointSourceSettings> = {
  type: 'sharepoint',
  summary:
    'a SharePoint document library or a OneDrive via Microsoft Graph (delta between runs; restricted files left out)',
  options: [
    {
      key: 'siteUrl',
      flag: '--site-url <url>',
      description: 'a SharePoint site, e.g. https://contoso.sharepoint.com/sites/hr (sharepoint)',
    },
    {
      key: 'library',
      flag: '--library <name>',
      description: 'a document library of the site; its default one otherwise (sharepoint)',
    },
    {
      key: 'driveId',
      flag: '--drive-id <id>',
      description: 'a drive by id instead of --site-url: a library or a OneDrive (sharepoint)',
    },
    {
      key: 'folder',
      flag: '--folder <path>',
      description: 'only files under this folder of the drive, e.g. Policies/HR (sharepoint)',
    },
    {
      key: 'tenantId',
      flag: '--tenant-id <id>',
      description: 'the Microsoft Entra tenant (directory) id (sharepoint)',
    },
    {
      key: 'clientId',
      flag: '--client-id <id>',
      description: 'the app registration’s client id, with Sites.Read.All (sharepoint)',
    },
    {
      key: 'clientSecretEnv',
      flag: '--client-secret-env <VAR>',
      description: 'variable holding the app’s client secret (sharepoint)',
    },
    {
      key: 'graphUrl',
      flag: '--graph-url <url>',
      description: `Microsoft Graph for a national cloud (sharepoint; ${DEFAULT_GRAPH_URL})`,
    },
    {
      key: 'loginUrl',
      flag: '--login-url <url>',
      description: `the identity platform for a national cloud (sharepoint; ${DEFAULT_LOGIN_URL})`,
    },
  ],
  settings,
  describe: (value) => {
    const drive =
      value.siteUrl !== undefined
        ? `${value.siteUrl}${value.library !== undefined ? ` (${value.library})` : ''}`
        : `drive ${value.driveId ?? ''}`;
    return value.folder !== undefined ? `${drive}: ${value.folder}` : drive;
  },
  reader: (value, context) => createSharePointSourceReader(value, context),
};
