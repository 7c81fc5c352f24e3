import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { appendHistory, type Assistant, type ConversationStore, type Reply } from '@clarify/core';
import { sampleKbGoldenDir } from '@clarify/sample-kb';

/** One question of the sample knowledge base's golden set (benchmark format v1). */
export type GoldenQuestion = {
  id: string;
  question: string;
  history: Array<{ role: 'user' | 'assistant'; text: string }>;
  ambiguous: boolean;
  interpretations: Array<{ passages: string[] }>;
  category: string;
};

export async function readGoldenQuestions(): Promise<GoldenQuestion[]> {
  const text = await readFile(join(sampleKbGoldenDir, 'questions.jsonl'), 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as GoldenQuestion);
}

/** The reply kind the golden set expects: clarify, answer, or no-answer. */
export function expectedKind(golden: GoldenQuestion): Reply['kind'] {
  if (golden.ambiguous) return 'clarify';
  return golden.interpretations.length > 0 ? 'answer' : 'no-answer';
}

/** Asks a golden question in a fresh thread holding its history, as a chat would have it. */
export async function askGolden(
  assistant: Assistant,
  conversations: ConversationStore,
  golden: GoldenQuestion,
  run: string,
): Promise<Reply> {
  const thread = { platform: 'bench', workspaceId: run, channelId: 'golden', threadId: golden.id };
  await appendHistory(conversations, thread, golden.history, 'bench');
  return assistant.ask({ thread, userId: 'bench', text: golden.question });
}

/** The documents a reply cites: the answer's citations, or every option's. */
export function citedDocuments(reply: Reply): string[] {
  if (reply.kind === 'answer') return reply.citations.map((citation) => citation.documentId);
  if (reply.kind === 'clarify') {
    return reply.options.flatMap((option) =>
      option.citations.map((citation) => citation.documentId),
    );
  }
  return [];
}
