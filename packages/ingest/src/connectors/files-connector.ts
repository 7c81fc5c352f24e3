import { resolve } from 'node:path';
import { z } from 'zod';
import { createFilesSourceReader, type FilesSourceSettings } from '../sources/files-source-reader';
import type { Connector } from './connector';

const settings = z
  .object({
    path: z
      .string()
      .min(1, 'a folder is required')
      .transform((path) => resolve(path)),
    include: z.array(z.string().min(1)).optional(),
    exclude: z.array(z.string().min(1)).optional(),
    uriPrefix: z.string().url().optional(),
  })
  .strict();

/** A folder of Markdown, text, HTML, PDF and DOCX files (changes by modification time and size). */
export const filesConnector: Connector<FilesSourceSettings> = {
  type: 'files',
  summary: 'a folder of Markdown, text, HTML, PDF and Word files',
  options: [
    { key: 'path', flag: '--path <dir>', description: 'the folder (files)' },
    {
      key: 'include',
      flag: '--include <glob>',
      description: 'only files matching this glob (files; repeatable)',
      repeatable: true,
    },
    {
      key: 'exclude',
      flag: '--exclude <glob>',
      description: 'skip files matching this glob (files; repeatable)',
      repeatable: true,
    },
    {
      key: 'uriPrefix',
      flag: '--uri-prefix <url>',
      description: 'base URL for citation links instead of file:// paths (files)',
    },
  ],
  settings,
  describe: (value) => value.path,
  reader: (value) => createFilesSourceReader(value),
};
