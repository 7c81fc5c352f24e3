import { z } from 'zod';
import type { Connector } from '../connector';
import { httpUrl, variableName } from '../settings-fields';
import { createWebSourceReader, type WebSourceSettings } from './web-source-reader';

const settings = z
  .object({
    urls: z.array(httpUrl).min(1, 'at least one URL (a page or a sitemap) is required'),
    depth: z.coerce.number().int().min(0).max(5).default(0),
    maxPages: z.coerce.number().int().min(1).max(100_000).default(1_000),
    authorizationEnv: variableName.optional(),
  })
  .strict();

/** Web pages and sitemaps: robots.txt honoured, ETag/Last-Modified, articles via Readability. */
export const webConnector: Connector<WebSourceSettings> = {
  type: 'web',
  summary: 'web pages and sitemaps (robots.txt honoured; same-site links followed to --depth)',
  options: [
    {
      key: 'urls',
      flag: '--url <url>',
      description: 'a page, or a sitemap standing for its pages (web; repeatable)',
      repeatable: true,
    },
    { key: 'depth', flag: '--depth <n>', description: 'follow same-site links this deep (web; 0)' },
    {
      key: 'maxPages',
      flag: '--max-pages <n>',
      description: 'at most this many pages (web; 1000)',
    },
    {
      key: 'authorizationEnv',
      flag: '--authorization-env <VAR>',
      description: 'variable holding an Authorization header value (web)',
    },
  ],
  settings,
  describe: (value) =>
    value.urls.length === 1
      ? (value.urls[0] ?? '')
      : `${value.urls[0]} and ${value.urls.length - 1} more`,
  reader: (value, context) => createWebSourceReader(value, context),
};
