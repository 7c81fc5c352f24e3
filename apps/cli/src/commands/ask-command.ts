import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { appendHistory, ClarifyError, describeError, type Reply } from '@clarify/core';

type HistoryEntry = { role: 'user' | 'assistant'; text: string };
import { createConfiguredAssistant, type KnowledgeBase } from '@clarify/runtime';
import type { Output } from '../output';
import { printReply, printTrace, replyToJson } from './render-reply';

export type AskCommandOptions = { history?: string; json?: boolean; explain?: boolean };

/**
 * `clarify ask "<question>"`: one question through the pipeline, in a fresh thread whose earlier
 * turns can be given with --history (benchmark format: [{"role","text"}]).
 */
export async function runAskCommand(
  kb: KnowledgeBase,
  output: Output,
  input: { question: string; options: AskCommandOptions },
): Promise<Reply> {
  const history = input.options.history ? await readHistory(input.options.history) : [];
  const thread = {
    platform: 'cli',
    workspaceId: 'local',
    channelId: 'ask',
    threadId: randomUUID(),
  };
  await appendHistory(kb.conversations, thread, history, 'cli-user');
  const reply = await createConfiguredAssistant(kb.config, kb).assistant.ask({
    thread,
    userId: 'cli-user',
    text: input.question,
  });
  if (input.options.json) output.out(JSON.stringify(replyToJson(reply), null, 2));
  else printReply(output, reply);
  if (input.options.explain) printTrace(output, reply);
  return reply;
}

async function readHistory(path: string): Promise<HistoryEntry[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new ClarifyError(
      'invalid_input',
      `cannot read the history file ${path}: ${describeError(error)}`,
    );
  }
  const entries = Array.isArray(parsed)
    ? parsed
    : (parsed as { history?: unknown } | null)?.history;
  if (!Array.isArray(entries) || !entries.every(isHistoryEntry)) {
    throw new ClarifyError(
      'invalid_input',
      `${path} must hold [{"role": "user" | "assistant", "text": "…"}]`,
    );
  }
  return entries;
}

function isHistoryEntry(value: unknown): value is HistoryEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (entry.role === 'user' || entry.role === 'assistant') && typeof entry.text === 'string';
}
