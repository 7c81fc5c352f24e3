import { createInterface } from 'node:readline';
import { sampleKbDir } from '@clarify/sample-kb';
import { describeError } from '@clarify/core';
import type { KnowledgeBase } from '../knowledge-base';
import type { Output } from '../output';
import { indexSource, printJobSummary } from './index-command';
import { runSearchCommand } from './search-command';

export const SAMPLE_SOURCE_ID = 'sample-kb';

/**
 * `clarify start`: the embedded default. Indexes the bundled sample knowledge base (a no-op
 * when unchanged) and opens an interactive prompt over it. Reads questions line by line from
 * standard input, so it also works piped.
 */
export async function runStartCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { stdin: NodeJS.ReadableStream; prompt: boolean },
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
  output.out(
    'Ask about the knowledge base, e.g. "how do I reset my VPN password?". Type "exit" or press Ctrl-D to quit.',
  );

  const lines = createInterface({ input: input.stdin, terminal: false });
  const ask = () => {
    if (input.prompt) process.stdout.write('\nclarify> ');
  };
  ask();
  for await (const raw of lines) {
    const line = raw.trim();
    if (line === 'exit' || line === 'quit') break;
    if (line !== '') {
      try {
        await runSearchCommand(kb, output, { query: line, options: { k: 5 } });
      } catch (error) {
        output.err(`clarify: ${describeError(error)}`);
      }
    }
    ask();
  }
  lines.close();
}
