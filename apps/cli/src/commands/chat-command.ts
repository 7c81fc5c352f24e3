import { createInterface } from 'node:readline';
import { createConfiguredAssistant, type KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { CHAT_HELP, createChatSession } from './chat-session';

export type ChatInput = {
  stdin: NodeJS.ReadableStream;
  /** Whether to print a `clarify>` prompt (standard input is a terminal). */
  prompt: boolean;
};

/** The assistant the chat talks to, as configured (offline by default, or the LLM). */
const createChatAssistant = (kb: KnowledgeBase) =>
  createConfiguredAssistant(kb.config, kb).assistant;

/**
 * `clarify chat`: a conversation with the knowledge base in one thread, read line by line from
 * standard input (so it also works piped) until "exit", "quit" or the end of the input.
 */
export async function runChatCommand(
  kb: KnowledgeBase,
  output: Output,
  input: ChatInput,
): Promise<void> {
  if ((await kb.sources.list()).length === 0)
    output.err(
      'clarify: warning: nothing is indexed yet; run `clarify index <dir>` or `clarify start`',
    );
  const session = createChatSession({ assistant: createChatAssistant(kb), output });
  output.out(CHAT_HELP);
  const lines = createInterface({ input: input.stdin, terminal: false });
  // A blank line between turns; on a terminal followed by the prompt.
  const prompt = () => (input.prompt ? process.stdout.write('\nclarify> ') : output.out(''));
  prompt();
  let ended = true;
  for await (const line of lines) {
    if (!(await session.handle(line))) {
      ended = false;
      break;
    }
    prompt();
  }
  lines.close();
  // Ctrl-D leaves the cursor after the prompt.
  if (ended && input.prompt) process.stdout.write('\n');
}
