import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { IndexJob } from '@clarify/core';
import {
  createPgDocumentStore,
  createPgIndexJobStore,
  createPgSourceStore,
  openDatabase,
  type Database,
} from '@clarify/db';
import {
  createFilesSourceReader,
  createIndexer,
  createWebSourceReader,
  type SourceReader,
} from '@clarify/ingest';
import { createOfflineEmbedder } from '@clarify/llm';
import { createCountingEmbedder, startFakeSite } from '@clarify/testing';
import type { Output } from '../output';

export type IndexBenchOptions = { documents: number; webDocuments: number };

type RunFigures = {
  seconds: number;
  documentsPerSecond: number;
  chunksPerSecond: number;
  embedCalls: number;
  job: IndexJob;
};

/**
 * `clarify bench index`: a generated corpus indexed from a folder and from a local website
 * (a sitemap with lastmod), first in full, then again unchanged, on a fresh embedded database
 * with the offline embedder. Prints documents/s, chunks/s and the embedding calls of each run.
 */
export async function runIndexBench(output: Output, options: IndexBenchOptions): Promise<void> {
  const workspace = await mkdtemp(join(tmpdir(), 'clarify-bench-index-'));
  const database = await openDatabase({ dataDir: join(workspace, 'data') });
  try {
    const documents = corpus(options.documents);
    const folder = join(workspace, 'docs');
    for (const [path, text] of documents) {
      await mkdir(dirname(join(folder, path)), { recursive: true });
      await writeFile(join(folder, path), text);
    }
    output.err(`bench index: ${options.documents} files …`);
    const files = await benchSource(database, 'files', createFilesSourceReader({ path: folder }));
    print(output, `files, ${options.documents} documents`, files);

    const site = await startFakeSite();
    try {
      const pages = corpus(options.webDocuments);
      const lastmod = '2026-11-01';
      for (const [path, text] of pages) {
        site.page(`/${path.replace(/\.md$/, '')}`, { body: text, contentType: 'text/markdown' });
      }
      site.sitemap(
        '/sitemap.xml',
        pages.map(([path]) => ({ loc: `${site.url}/${path.replace(/\.md$/, '')}`, lastmod })),
      );
      output.err(`bench index: ${options.webDocuments} web pages …`);
      const reader = createWebSourceReader(
        { urls: [`${site.url}/sitemap.xml`], depth: 0, maxPages: options.webDocuments },
        { secret: () => undefined },
      );
      const web = await benchSource(database, 'web', reader);
      print(output, `web, ${options.webDocuments} pages (sitemap)`, web);
    } finally {
      await site.close();
    }
  } finally {
    await database.close();
    await rm(workspace, { recursive: true, force: true });
  }
}

async function benchSource(database: Database, id: 'files' | 'web', reader: SourceReader) {
  await createPgSourceStore(database.db).upsert({ id, name: id, type: id, settings: {} });
  const embedder = createCountingEmbedder(createOfflineEmbedder());
  const indexer = createIndexer({
    documents: createPgDocumentStore(database.db),
    jobs: createPgIndexJobStore(database.db),
    embedder,
    tryWithLock: database.tryWithLock,
  });
  const run = async (): Promise<RunFigures> => {
    const calls = embedder.calls;
    const started = performance.now();
    const job = await indexer.run({ sourceId: id, trigger: 'cli', reader });
    const seconds = (performance.now() - started) / 1000;
    return {
      seconds,
      documentsPerSecond: job.documentsSeen / seconds,
      chunksPerSecond: job.chunksWritten / seconds,
      embedCalls: embedder.calls - calls,
      job,
    };
  };
  return { first: await run(), unchanged: await run() };
}

function print(
  output: Output,
  name: string,
  figures: { first: RunFigures; unchanged: RunFigures },
) {
  output.out(`\n${name}`);
  output.out(
    'run         seconds   documents/s   chunks/s   indexed  unchanged  chunks  embedding calls',
  );
  for (const [label, run] of [
    ['first', figures.first],
    ['unchanged', figures.unchanged],
  ] as const) {
    output.out(
      `${label.padEnd(10)} ${run.seconds.toFixed(2).padStart(8)} ${run.documentsPerSecond.toFixed(0).padStart(13)} ${run.chunksPerSecond.toFixed(0).padStart(10)} ${String(run.job.documentsIndexed).padStart(9)} ${String(run.job.documentsUnchanged).padStart(10)} ${String(run.job.chunksWritten).padStart(7)} ${String(run.embedCalls).padStart(16)}`,
    );
  }
  output.out(
    `unchanged / first: ${(figures.unchanged.seconds / figures.first.seconds).toFixed(3)} of the time`,
  );
}

const TOPICS = [
  'leave',
  'travel',
  'expenses',
  'security',
  'onboarding',
  'benefits',
  'payroll',
  'equipment',
];
const OFFICES = ['Rotterdam', 'Boston', 'Bengaluru', 'Dublin', 'Auckland', 'Berlin'];

/** `count` Markdown documents of a few sections each, the same for the same count. */
function corpus(count: number): [string, string][] {
  return Array.from({ length: count }, (_, index) => {
    const topic = TOPICS[index % TOPICS.length] ?? 'policy';
    const office = OFFICES[Math.floor(index / TOPICS.length) % OFFICES.length] ?? 'HQ';
    const path = `${topic}/${office.toLowerCase()}-${index}.md`;
    const text = [
      `# ${topic[0]?.toUpperCase()}${topic.slice(1)} policy ${index} – ${office}`,
      '',
      `## Scope`,
      '',
      `This ${topic} policy (${index}) applies to employees of the ${office} office. It was last reviewed in 2026 and replaces every earlier version.`,
      '',
      `## Entitlement`,
      '',
      `Employees in ${office} are entitled to ${(index % 30) + 5} units under policy ${index}. Requests go through Workday at least ${(index % 4) + 1} weeks ahead.`,
      '',
      `## Exceptions`,
      '',
      `Exceptions need written approval from the ${office} people team and the budget holder for ${topic}.`,
      '',
      `## How to apply`,
      '',
      `Open Workday, choose ${topic} and fill in the form for ${office}. Attach what the policy asks for: a manager's note, receipts or a certificate. ` +
        `The people team answers within ${(index % 5) + 2} working days; questions go to ${topic}-${office.toLowerCase()}@northwind.example. ` +
        `Decisions can be appealed once, in writing, within 30 days. Records are kept for seven years under the retention policy.`,
    ].join('\n');
    return [path, text];
  });
}
