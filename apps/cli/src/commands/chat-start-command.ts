import { startIndexing, type KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { runChatCommand, type ChatInput } from './chat-command';
import { indexSample } from './index-sample';

/**
 * `clarify chat`: the terminal chat. Indexes the bundled sample knowledge base when there are
 * no sources of your own (a no-op when unchanged) and opens the chat over the knowledge base.
 * The process owns the data folder, so it also keeps the sources' schedules while it runs.
 */
export async function runTerminalChat(
  kb: KnowledgeBase,
  output: Output,
  input: ChatInput,
): Promise<void> {
  await indexSample(kb, output);
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
