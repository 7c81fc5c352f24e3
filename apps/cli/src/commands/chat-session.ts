import { randomUUID } from 'node:crypto';
import { describeError, type Assistant, type Reply, type ThreadKey } from '@clarify/core';
import type { Output } from '../output';
import { printReply, printTrace } from './render-reply';

const CHAT_USER_ID = 'cli-user';

export const CHAT_HELP =
  'Ask a question; when it means several things, type an option number, all or none. ' +
  '/new starts a new conversation, /explain shows how the last reply was made; ' +
  'exit or Ctrl-D quits.';

/** What the next line answers: a new question, the options of a clarification, or "none". */
type Awaiting =
  | { kind: 'question' }
  | { kind: 'choice'; clarificationId: string; optionIds: readonly string[] }
  | { kind: 'rephrasing'; clarificationId: string };

/**
 * One chat over the knowledge base: every line is a turn of one thread (platform "cli"), so
 * follow-ups read the thread's history; after a clarification a line may pick an option.
 */
export function createChatSession(deps: {
  assistant: Pick<Assistant, 'ask' | 'choose'>;
  output: Output;
}) {
  const { assistant, output } = deps;
  const newThread = (): ThreadKey => ({
    platform: 'cli',
    workspaceId: 'local',
    channelId: 'chat',
    threadId: randomUUID(),
  });
  let thread = newThread();
  let awaiting: Awaiting = { kind: 'question' };
  let lastReply: Reply | undefined;

  /** Handles one typed line; resolves to false when the user ends the chat. */
  async function handle(line: string): Promise<boolean> {
    const text = line.trim();
    if (text === '') return true;
    if (text === 'exit' || text === 'quit') return false;
    if (text.startsWith('/')) {
      runCommand(text);
      return true;
    }
    try {
      await respond(text);
    } catch (error) {
      output.err(`clarify: ${describeError(error)}`);
    }
    return true;
  }

  async function respond(text: string): Promise<void> {
    if (awaiting.kind === 'rephrasing') {
      show(await assistant.choose(awaiting.clarificationId, 'none', text));
      return;
    }
    if (awaiting.kind === 'choice') {
      const { clarificationId, optionIds } = awaiting;
      const choice = text.toLowerCase();
      if (choice === 'none') {
        show(await assistant.choose(clarificationId, 'none'));
        awaiting = { kind: 'rephrasing', clarificationId };
        return;
      }
      if (choice === 'all' || optionIds.includes(choice)) {
        show(await assistant.choose(clarificationId, choice));
        return;
      }
      if (/^\d+$/.test(choice)) {
        output.err(
          `clarify: there is no option ${choice}; type ${optionRange(optionIds)}, all or none`,
        );
        return;
      }
    } else if (/^(\d+|all|none)$/i.test(text)) {
      // A choice with no options open is a slip, not a question about "all".
      output.err('clarify: there are no options to choose from; ask a question');
      return;
    }
    show(await assistant.ask({ thread, userId: CHAT_USER_ID, text }));
  }

  function show(reply: Reply): void {
    lastReply = reply;
    printReply(output, reply);
    if (reply.kind === 'clarify') {
      const optionIds = reply.options.map((option) => option.id);
      awaiting = { kind: 'choice', clarificationId: reply.clarificationId, optionIds };
      output.out(`Type ${optionRange(optionIds)}, all or none — or ask something else.`);
    } else {
      awaiting = { kind: 'question' };
    }
  }

  function runCommand(command: string): void {
    if (command === '/new') {
      thread = newThread();
      awaiting = { kind: 'question' };
      lastReply = undefined;
      output.out('Started a new conversation.');
    } else if (command === '/explain') {
      if (lastReply) printTrace(output, lastReply);
      else output.out('Nothing to explain yet: ask a question first.');
    } else {
      output.err(`clarify: unknown command ${command}; try /new, /explain or exit`);
    }
  }

  return { handle };
}

/** "1–3" for options 1, 2 and 3. */
function optionRange(optionIds: readonly string[]): string {
  const first = optionIds[0] ?? '';
  const last = optionIds[optionIds.length - 1] ?? first;
  return first === last ? first : `${first}–${last}`;
}
