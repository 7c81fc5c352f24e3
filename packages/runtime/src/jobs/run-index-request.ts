import { isClarifyError, type IndexJob } from '@clarify/core';
import type { IndexProgress } from '@clarify/ingest';
import type { KnowledgeBase } from '../open-knowledge-base';
import { reindexSource } from '../reindex-source';
import type { IndexOutcome, IndexRequest } from './index-request';
import { metrics } from '../operations/metrics';

/**
 * Runs one request in this process: the source's lock taken for the run, its progress written
 * to its job. A run refused because another holds the lock is an outcome, not a failure.
 */
export async function runIndexRequest(
  kb: KnowledgeBase,
  request: IndexRequest,
  context: {
    queueJobId?: string;
    signal?: AbortSignal;
    onProgress?: (progress: IndexProgress) => void;
  } = {},
): Promise<IndexOutcome> {
  try {
    const job = await reindexSource(kb, {
      sourceId: request.sourceId,
      trigger: request.trigger,
      requestedBy: request.requestedBy ?? null,
      full: request.full ?? false,
      confirmDeletions: request.confirmDeletions ?? false,
      ...(context.queueJobId !== undefined && { queueJobId: context.queueJobId }),
      ...(context.signal && { signal: context.signal }),
      ...(context.onProgress && { onProgress: context.onProgress }),
    });
    metrics.indexJob(job);
    return { kind: 'ran', jobId: job.id };
  } catch (error) {
    if (!isClarifyError(error, 'index_already_running')) {
      metrics.indexJob({ sourceId: request.sourceId, status: 'failed' });
      throw error;
    }
    const running = await runningJob(kb, request.sourceId);
    return { kind: 'already_running', runningJobId: running?.id ?? null };
  }
}

/** The source's run in progress, if any. */
export async function runningJob(kb: KnowledgeBase, sourceId: string): Promise<IndexJob | null> {
  const [latest] = await kb.jobs.latest({ sourceId, limit: 1 });
  return latest?.status === 'running' ? latest : null;
}
