import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FORBIDDEN = [
  /^@slack\//,
  /^botbuilder/,
  /^openai$/,
  /^pg$/,
  /^drizzle-orm/,
  /^node-cron$/,
  /^@electric-sql\//,
];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function importSpecifiers(source: string): string[] {
  const pattern =
    /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  return [...source.matchAll(pattern)].map((match) => match[1] ?? match[2] ?? '');
}

describe('core boundary (STYLE.md): core imports no SDK', () => {
  it('finds the imports it scans for', () => {
    expect(
      importSpecifiers(
        `import { x } from 'pg';\nexport * from "./a";\nconst m = await import('openai');`,
      ),
    ).toEqual(['pg', './a', 'openai']);
  });

  it('has no SDK import in any source file and no SDK dependency', () => {
    const offenders = sourceFiles(import.meta.dirname).flatMap((file) =>
      importSpecifiers(readFileSync(file, 'utf8'))
        .filter((specifier) => FORBIDDEN.some((pattern) => pattern.test(specifier)))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offenders).toEqual([]);
    const manifest = JSON.parse(
      readFileSync(join(import.meta.dirname, '../package.json'), 'utf8'),
    ) as {
      dependencies?: Record<string, string>;
    };
    expect(
      Object.keys(manifest.dependencies ?? {}).filter((name) =>
        FORBIDDEN.some((pattern) => pattern.test(name)),
      ),
    ).toEqual([]);
  });
});
