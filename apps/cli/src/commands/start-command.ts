import { sampleKbDir } from '@clarify/sample-kb';
import type { KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { indexSource, printJobSummary } from './index-command';
import { runChatCommand, type ChatInput } from './chat-command';

export const SAMPLE_SOURCE_ID = 'sample-kb';

/**
 * `clarify start`: the embedded default. Indexes the bundled sample knowledge base (a no-op
 * when unchanged) and opens the chat over it (`clarify chat`).
 */
export async function runStartCommand(
  kb: KnowledgeBase,
  output: Output,
  input: ChatInput,
): Promise<void> {
  const sources = await kb.sources.list();
  const hasOwnSources = sources.some((source) => source.id !== SAMPLE_SOURCE_ID);
  if (!hasOwnSources) {
    const settings = { path: sampleKbDir };
    await kb.sources.upsert({
      id: SAMPLE_SOURCE_ID,
      name: 'Sample knowledge base',
      type: 'files',
      settings,
    });
    const job = await indexSource(kb, output, {
      sourceId: SAMPLE_SOURCE_ID,
      settings,
      confirmDeletions: true,
    });
    printJobSummary(output, job, sampleKbDir);
  }
  output.out(`Clarify is ready (${kb.database.description}, embeddings: ${kb.embedder.model}).`);
  if (!hasOwnSources) {
    output.out(
      'Try "How do I reset my password?" or "How many vacation days do I get?": ' +
        'both mean several things in the sample documents.',
    );
  }
  await runChatCommand(kb, output, input);
}
