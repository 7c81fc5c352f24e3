import type { IndexJob } from '@clarify/core';
import { sampleKbDir } from '@clarify/sample-kb';
import { ensureSampleSource, SAMPLE_SOURCE_ID, type KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { createIndexProgress } from '../progress';
import { printJobSummary } from './index-command';

/**
 * Indexes the bundled sample knowledge base when there are no sources of your own (a no-op when
 * unchanged), with a progress bar, then says the knowledge base is ready and what to try.
 */
export async function indexSample(kb: KnowledgeBase, output: Output): Promise<void> {
  const progress = createIndexProgress(output, SAMPLE_SOURCE_ID);
  let job: IndexJob | null;
  try {
    job = await ensureSampleSource(kb, { onProgress: progress.update });
  } finally {
    progress.stop();
  }
  if (job !== null) printJobSummary(output, job, sampleKbDir);
  output.out(`Clarify is ready (${kb.database.description}, embeddings: ${kb.embedder.model}).`);
  if (job !== null) {
    output.out(
      'Try "How do I reset my password?" or "How many vacation days do I get?": ' +
        'both mean several things in the sample documents.',
    );
  }
}
