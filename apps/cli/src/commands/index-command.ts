import { resolve } from 'node:path';
import type { IndexJob } from '@clarify/core';
import { ClarifyError } from '@clarify/core';
import { createFilesSourceReader, type FilesSourceSettings } from '@clarify/ingest';
import type { KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { createIndexProgress } from '../progress';
import { sourceIdFromPath } from './source-id';

export type IndexCommandOptions = {
  source?: string;
  include?: string[];
  exclude?: string[];
  uriPrefix?: string;
  confirmDeletions?: boolean;
  json?: boolean;
};

/** `clarify index <dir>`: adds or updates a files source and indexes it incrementally. */
export async function runIndexCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { directory: string; options: IndexCommandOptions },
): Promise<IndexJob> {
  const { directory, options } = input;
  const sourceId = options.source ?? sourceIdFromPath(directory);
  if (!/^[a-z0-9][a-z0-9._-]{0,62}$/.test(sourceId)) {
    throw new ClarifyError(
      'invalid_input',
      `invalid source id "${sourceId}": use a-z, 0-9, ".", "_", "-"`,
    );
  }
  const settings: FilesSourceSettings = {
    path: resolve(directory),
    ...(options.include?.length && { include: options.include }),
    ...(options.exclude?.length && { exclude: options.exclude }),
    ...(options.uriPrefix && { uriPrefix: options.uriPrefix }),
  };
  await kb.sources.upsert({ id: sourceId, name: sourceId, type: 'files', settings });
  const job = await indexSource(kb, output, {
    sourceId,
    settings,
    confirmDeletions: options.confirmDeletions ?? false,
  });
  if (options.json) output.out(JSON.stringify(job, null, 2));
  else printJobSummary(output, job, settings.path);
  return job;
}

export async function indexSource(
  kb: KnowledgeBase,
  output: Output,
  input: { sourceId: string; settings: FilesSourceSettings; confirmDeletions: boolean },
): Promise<IndexJob> {
  const progress = createIndexProgress(output, input.sourceId);
  try {
    return await kb.indexer.run({
      sourceId: input.sourceId,
      trigger: 'cli',
      reader: createFilesSourceReader(input.settings),
      confirmDeletions: input.confirmDeletions,
      onProgress: progress.update,
    });
  } finally {
    progress.stop();
  }
}

export function printJobSummary(output: Output, job: IndexJob, path: string): void {
  const seconds = job.finishedAt ? (job.finishedAt.getTime() - job.startedAt.getTime()) / 1000 : 0;
  output.out(
    `Indexed ${job.sourceId} (${path}): ${job.documentsSeen} documents — ${job.documentsIndexed} indexed, ` +
      `${job.documentsUnchanged} unchanged, ${job.documentsSkipped} with errors, ${job.documentsDeleted} deleted; ` +
      `${job.chunksWritten} chunks written in ${seconds.toFixed(1)} s`,
  );
  for (const error of job.errors) output.out(`  skipped ${error.path}: ${error.message}`);
  if (job.deletionsHeld > 0) {
    output.out(
      `  ${job.deletionsHeld} documents are gone from the source (more than 20%); nothing was deleted. ` +
        'Re-run with --confirm-deletions to delete them.',
    );
  }
}
