import { sampleKbDir } from '@clarify/sample-kb';
import type { IndexJob } from '@clarify/core';
import {
  ensureSampleSource,
  SAMPLE_SOURCE_ID,
  startIndexing,
  type KnowledgeBase,
} from '@clarify/runtime';
import type { Output } from '../output';
import { createIndexProgress } from '../progress';
import { printJobSummary } from './index-command';
import { runChatCommand, type ChatInput } from './chat-command';

/**
 * `clarify start`: the embedded default. Indexes the bundled sample knowledge base (a no-op
 * when unchanged) and opens the chat over it (`clarify chat`). The process owns the data
 * folder, so it also keeps the sources' schedules while it runs (CLARIFY_INDEX_WORKER).
 */
export async function runStartCommand(
  kb: KnowledgeBase,
  output: Output,
  input: ChatInput,
): Promise<void> {
  const progress = createIndexProgress(output, SAMPLE_SOURCE_ID);
  let job: IndexJob | null;
  try {
    job = await ensureSampleSource(kb, { onProgress: progress.update });
  } finally {
    progress.stop();
  }
  const hasOwnSources = job === null;
  if (job !== null) printJobSummary(output, job, sampleKbDir);
  output.out(`Clarify is ready (${kb.database.description}, embeddings: ${kb.embedder.model}).`);
  if (!hasOwnSources) {
    output.out(
      'Try "How do I reset my password?" or "How many vacation days do I get?": ' +
        'both mean several things in the sample documents.',
    );
  }
  const indexing = await startIndexing(kb, {
    role: 'app',
    logger: {
      info() {},
      warn: (_details, message) => output.err(`clarify: ${message}`),
      error: (details, message) => output.err(`clarify: ${message} ${JSON.stringify(details)}`),
    },
  });
  try {
    await runChatCommand(kb, output, input);
  } finally {
    await indexing.stop();
  }
}
