import { createAssistant, createHistoryGate } from '@clarify/core';
import type { Assistant, ChatMessage, ThreadKey } from '@clarify/core';
import {
  createMemoryClarificationStore,
  createMemoryConversationStore,
  startScriptedOpenAiServer,
} from '@clarify/testing';
import type { ChatReply, ScriptedOpenAiServer } from '@clarify/testing';
import { PASSAGES_OPEN } from '../src/answer/answer-prompt';
import { createOpenAiChatModel } from '../src/chat/create-openai-chat-model';
import type { OpenAiChatModelOptions } from '../src/chat/create-openai-chat-model';
import { EXTRACTION_INSTRUCTIONS } from '../src/extract/extraction-prompt';
import { createOfflineEmbedder } from '@clarify/offline';
import { REWRITE_INSTRUCTIONS } from '../src/rewrite/rewrite-prompt';
import { createLlmStages } from '../src/stages/create-llm-stages';
import { createOfflineStages } from '../src/stages/create-offline-stages';
import { DOCUMENTS, READINGS, RETRIEVED } from './password-documents';
import type { DocumentName } from './password-documents';

export const QUESTION = 'How do I reset my password?';
export const ABSTAIN = { answerable: false, interpretation: null, answer: null, evidence: null };

/** Which stage sent a chat request, told apart by its prompt. */
export type CallKind = 'extract' | 'answer' | 'rewrite' | 'other';

export type Harness = {
  server: ScriptedOpenAiServer;
  assistant: Assistant;
  /** Documents whose extraction call returns their reading (READINGS); the others abstain. */
  answering: Set<keyof typeof READINGS>;
  /** What rewrite calls return. */
  rewriteTo: string;
  /** The first user message of every chat request of one kind, in arrival order. */
  prompts(kind: CallKind): string[];
  close(): Promise<void>;
};

/**
 * The whole assistant over HTTP: the LLM stages on the real OpenAI chat model (the SDK
 * unmodified) against a scripted local server, the offline stages as fallback, the real
 * history gate, the offline embedder, a retriever returning the five password documents and
 * in-memory stores. The server's default chat handler plays a well-behaved model; tests add
 * faults with `server.script`. Timeouts are a few seconds by default, so a loaded machine does not
 * turn a healthy call into an abstention; tests of hung calls shorten them.
 */
export async function startHarness(
  options: { chat?: Partial<OpenAiChatModelOptions>; extractionTimeoutMs?: number } = {},
): Promise<Harness> {
  const answering = new Set<keyof typeof READINGS>(['vpn', 'okta', 'jira']);
  const harness = { answering, rewriteTo: QUESTION };
  const server = await startScriptedOpenAiServer({
    chatReply: (body) => playModel(messagesOf(body), harness),
  });
  const chatModel = createOpenAiChatModel({
    baseUrl: server.url,
    apiKey: 'sk-test-over-http',
    model: 'gpt-test',
    timeoutMs: 2_000,
    maxRetries: 1,
    ...options.chat,
  });
  const assistant = createAssistant({
    ...createLlmStages(chatModel, {
      extractor: { timeoutMs: options.extractionTimeoutMs ?? 2_000 },
    }),
    fallback: createOfflineStages(),
    retriever: { search: () => Promise.resolve(RETRIEVED) },
    embedder: createOfflineEmbedder(),
    gate: createHistoryGate(),
    conversations: createMemoryConversationStore(),
    clarifications: createMemoryClarificationStore(),
  });
  return Object.assign(harness, {
    server,
    assistant,
    prompts: (kind: CallKind) =>
      server.requests
        .map((request) => messagesOf(request.body))
        .filter((messages) => kindOf(messages) === kind)
        .map((messages) => messages.find((message) => message.role === 'user')?.content ?? ''),
    close: () => server.close(),
  });
}

/** Text only the extraction call of `name` for `question` holds, for `ifContains`. */
export function extractionOf(name: DocumentName, question = QUESTION): string {
  return `${question}\n\n${PASSAGES_OPEN}\n[1] ${DOCUMENTS[name].title}`;
}

/** A new thread, so each ask starts without history unless a test builds one. */
export function threadOf(threadId: string): ThreadKey {
  return { platform: 'slack', workspaceId: 'T1', channelId: 'C1', threadId };
}

/** A cooperative model: readings of answering documents, cited answers, the scripted rewrite. */
function playModel(
  messages: ChatMessage[],
  harness: Pick<Harness, 'answering' | 'rewriteTo'>,
): ChatReply {
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  const names = [...harness.answering];
  switch (kindOf(messages)) {
    case 'extract': {
      const name = names.find((candidate) => user.includes(DOCUMENTS[candidate].text));
      return name === undefined ? ABSTAIN : { answerable: true, ...READINGS[name] };
    }
    case 'answer': {
      const name = (Object.keys(READINGS) as (keyof typeof READINGS)[]).find((candidate) =>
        user.includes(`Interpretation to answer: ${READINGS[candidate].interpretation}`),
      );
      if (name === undefined) return 'The passages do not say.';
      return `${READINGS[name].answer.replace(/\.$/, '')} [1].`;
    }
    case 'rewrite':
      return harness.rewriteTo;
    default:
      return 'Scripted reply.';
  }
}

function kindOf(messages: readonly ChatMessage[]): CallKind {
  const system = messages.find((message) => message.role === 'system')?.content ?? '';
  if (system.startsWith(EXTRACTION_INSTRUCTIONS)) return 'extract';
  if (system.startsWith(REWRITE_INSTRUCTIONS)) return 'rewrite';
  const user = messages.find((message) => message.role === 'user')?.content ?? '';
  return user.includes('Interpretation to answer:') ? 'answer' : 'other';
}

function messagesOf(body: unknown): ChatMessage[] {
  const messages = (body as { messages?: unknown } | undefined)?.messages;
  return Array.isArray(messages) ? (messages as ChatMessage[]) : [];
}
