import type { Source, SourceSummary } from '@clarify/core';
import { describeSource } from '@clarify/ingest';
import type { KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { findSourceSummary } from './find-source';

/** `clarify sources [list]`: every source with where it reads, counts, schedule and freshness. */
export async function runSourcesCommand(
  kb: KnowledgeBase,
  output: Output,
  options: { json?: boolean },
): Promise<SourceSummary[]> {
  const sources = await kb.sources.list();
  if (options.json) {
    output.out(JSON.stringify(sources.map(sourceJson), null, 2));
    return sources;
  }
  if (sources.length === 0) {
    output.out('No sources yet. Add one with: clarify sources add files --id docs --path ./docs');
    return sources;
  }
  const rows = sources.map((source) => [
    source.id,
    source.type,
    String(source.documents),
    String(source.chunks),
    source.lastIndexedAt ? isoSeconds(source.lastIndexedAt) : 'never',
    source.schedule ?? 'manual',
    describeSource(source),
  ]);
  printTable(
    output,
    ['SOURCE', 'TYPE', 'DOCUMENTS', 'CHUNKS', 'LAST INDEXED', 'SCHEDULE', 'READS'],
    rows,
  );
  return sources;
}

/** `clarify sources show <id>`: one source, its settings and its last runs. */
export async function runSourceShowCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { id: string; json?: boolean },
): Promise<void> {
  const source = await findSourceSummary(kb, input.id);
  const jobs = await kb.jobs.latest({ sourceId: source.id, limit: 5 });
  if (input.json) {
    output.out(JSON.stringify({ ...sourceJson(source), settings: source.settings, jobs }, null, 2));
    return;
  }
  output.out(`${source.id} (${source.type}): ${describeSource(source)}`);
  output.out(`  documents ${source.documents}, chunks ${source.chunks}`);
  output.out(`  schedule ${source.schedule ?? 'manual'}; audience ${audienceText(source)}`);
  output.out(
    `  last indexed ${source.lastIndexedAt ? isoSeconds(source.lastIndexedAt) : 'never'}; status ${source.status}`,
  );
  output.out(`  settings ${JSON.stringify(source.settings)}`);
  for (const job of jobs) {
    output.out(
      `  job ${job.id} ${job.trigger} ${job.status} ${isoSeconds(job.startedAt)}: ${job.documentsIndexed} indexed, ${job.documentsUnchanged} unchanged, ${job.documentsDeleted} deleted, ${job.documentsSkipped} with errors${job.error ? ` — ${job.error}` : ''}`,
    );
  }
}

/** What `--json` says of a source: the fields scripts read. */
function sourceJson(source: SourceSummary) {
  return {
    id: source.id,
    type: source.type,
    name: source.name,
    reads: describeSource(source),
    documents: source.documents,
    chunks: source.chunks,
    lastIndexedAt: source.lastIndexedAt,
    schedule: source.schedule,
    audience: source.audience,
    status: source.status,
  };
}

function audienceText(source: Source): string {
  return source.audience.length === 0 ? 'everyone' : source.audience.join(', ');
}

export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z');
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
