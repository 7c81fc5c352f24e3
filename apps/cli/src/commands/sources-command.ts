import type { SourceSummary } from '@clarify/core';
import type { KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';

/** `clarify sources`: every source with its folder, counts and last successful run. */
export async function runSourcesCommand(
  kb: KnowledgeBase,
  output: Output,
  options: { json?: boolean },
): Promise<SourceSummary[]> {
  const sources = await kb.sources.list();
  if (options.json) {
    output.out(JSON.stringify(sources, null, 2));
    return sources;
  }
  if (sources.length === 0) {
    output.out('No sources yet. Add one with: clarify index <folder>');
    return sources;
  }
  const rows = sources.map((source) => [
    source.id,
    source.type,
    String(source.documents),
    String(source.chunks),
    source.lastIndexedAt ? source.lastIndexedAt.toISOString().replace(/\.\d+Z$/, 'Z') : 'never',
    typeof source.settings.path === 'string' ? source.settings.path : '',
  ]);
  printTable(output, ['SOURCE', 'TYPE', 'DOCUMENTS', 'CHUNKS', 'LAST INDEXED', 'PATH'], rows);
  return sources;
}

export function printTable(output: Output, header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const format = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  output.out(format(header));
  for (const row of rows) output.out(format(row));
}
