import { describe, expect, it } from 'vitest';
import { parseSourcesFile } from './apply-sources-file';

const FILE = '/srv/clarify/clarify.config.yaml';

function problem(text: string): string {
  try {
    parseSourcesFile(text, FILE);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the file was accepted');
}

describe('parseSourcesFile', () => {
  it('reads each source with its settings, paths relative to the file', () => {
    const sources = parseSourcesFile(
      [
        'sources:',
        '  - id: handbook',
        '    type: files',
        '    path: ./handbook',
        '    exclude: ["drafts/**"]',
        '    schedule: "0 3 * * *"',
        '    audience: [everyone]',
        '  - id: policies',
        '    type: files',
        '    path: /data/policies',
        '  - id: intranet',
        '    type: web',
        '    urls: [https://intranet.example.com/sitemap.xml]',
      ].join('\n'),
      FILE,
    );
    expect(sources).toEqual([
      {
        id: 'handbook',
        type: 'files',
        settings: { path: '/srv/clarify/handbook', exclude: ['drafts/**'] },
        schedule: '0 3 * * *',
        audience: ['everyone'],
      },
      { id: 'policies', type: 'files', settings: { path: '/data/policies' } },
      {
        id: 'intranet',
        type: 'web',
        settings: { urls: ['https://intranet.example.com/sitemap.xml'] },
      },
    ]);
  });

  it('names the line and the field of every kind of mistake', () => {
    expect(problem('sources:\n  - id: a\n    type: files\n   path: x\n')).toMatch(
      /clarify\.config\.yaml line \d: not valid YAML/,
    );
    expect(problem('sources:\n  - id: a\n    type: wiki\n')).toMatch(
      /line 3: sources\[0\]\.type: "wiki" is not one of files, web/,
    );
    expect(problem('sources:\n  - id: a\n    type: files\n')).toMatch(/line 2: sources\[0\]\.path/);
    expect(
      problem('sources:\n  - id: a\n    type: files\n    path: x\n    schedule: "61 * * * *"\n'),
    ).toMatch(/line 5: sources\[0\]\.schedule: "61 \* \* \* \*" is not a cron schedule/);
    expect(
      problem('sources:\n  - id: a\n    type: files\n    path: x\n    uri_prefix: y\n'),
    ).toMatch(/line 2: sources\[0\]: Unrecognized key/);
    expect(
      problem(
        'sources:\n  - id: a\n    type: files\n    path: x\n  - id: a\n    type: files\n    path: y\n',
      ),
    ).toMatch(/line 5: sources\[1\]\.id: "a" is declared twice/);
    expect(problem('source:\n  - id: a\n')).toMatch(/line 1: .*Unrecognized key/);
  });
});
