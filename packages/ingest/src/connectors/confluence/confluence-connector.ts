import { z } from 'zod';
import type { Connector } from '../connector';
import { httpUrl, variableName } from '../settings-fields';
import {
  createConfluenceSourceReader,
  type ConfluenceSourceSettings,
} from './confluence-source-reader';

const settings = z
  .object({
    // The fake API in tests is http://127.0.0.1:port; a real site is https.
    baseUrl: httpUrl.transform((url) => url.replace(/\/+$/, '').replace(/\/wiki$/i, '')),
    spaces: z
      .array(z.string().regex(/^~?[A-Za-z0-9_.:-]+$/, 'a space key, such as HR or ~jane'))
      .min(1, 'at least one space key is required')
      .transform((keys) => [...new Set(keys)]),
    email: z.string().email().optional(),
    tokenEnv: variableName,
    maxPages: z.coerce.number().int().min(1).max(100_000).default(10_000),
  })
  .strict();

/** Confluence Cloud spaces: pages under their ancestors, restricted pages withheld. */
export const confluenceConnector: Connector<ConfluenceSourceSettings> = {
  type: 'confluence',
  summary: 'Confluence Cloud spaces (pages by version; view-restricted pages are not indexed)',
  options: [
    {
      key: 'baseUrl',
      flag: '--base-url <url>',
      description: 'the site, e.g. https://acme.atlassian.net (confluence)',
    },
    {
      key: 'spaces',
      flag: '--space <key>',
      description: 'a space key, e.g. HR (confluence; repeatable)',
      repeatable: true,
    },
    {
      key: 'email',
      flag: '--email <address>',
      description: 'the account the API token belongs to; without it, a Bearer token (confluence)',
    },
    {
      key: 'tokenEnv',
      flag: '--token-env <VAR>',
      description: 'variable holding the API token (confluence)',
    },
    {
      key: 'maxPages',
      flag: '--max-pages <n>',
      description: 'at most this many pages (confluence; 10000)',
    },
  ],
  settings,
  describe: (value) => `${value.baseUrl}/wiki: ${value.spaces.join(', ')}`,
  reader: (value, context) => createConfluenceSourceReader(value, context),
};
