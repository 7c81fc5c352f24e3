import { createTraceRecorder } from '@clarify/core';
import type {
  Interpretation,
  InterpretationStrategy,
  Passage,
  Retriever,
  SearchRequest,
} from '@clarify/core';
import type { ScriptedOpenAiServer } from '@clarify/testing';
import { passage } from '../answer/answer-fixtures.test-helper';
import { createOpenAiChatModel } from '../chat/create-openai-chat-model';
import { isStopWord, tokenize } from '@clarify/offline';

export { passage };

export const rotterdam = passage({
  id: 'offices/rotterdam.md',
  title: 'Rotterdam office',
  headings: ['Opening hours'],
  text: 'The Rotterdam office is closed on Fridays.',
});

export const boston = passage({
  id: 'offices/boston.md',
  title: 'Boston office',
  headings: ['Holidays'],
  text: 'The Boston office is closed on public holidays in Massachusetts.',
});

/** Runs a strategy on a question with a trace recorder; the result and the finished trace. */
export async function interpret(strategy: InterpretationStrategy, question: string) {
  const recorder = createTraceRecorder();
  const result = await strategy.interpret({
    question,
    tracer: recorder.tracer,
    onDegraded: () => undefined,
  });
  return { result, trace: recorder.finish() };
}

export type FakeRetriever = Retriever & { readonly requests: SearchRequest[] };

/**
 * A retriever over inline passages that records its requests. A query listed in `results` gets
 * those chunk ids in that order; any other query the passages sharing most content words with
 * it (title, headings and text; ties in corpus order). Scores and ranks are set as a hybrid
 * retriever's would be: rank r scores 1/(60 + r).
 */
export function createFakeRetriever(
  passages: readonly Passage[],
  results: Readonly<Record<string, readonly string[]>> = {},
): FakeRetriever {
  const requests: SearchRequest[] = [];
  return {
    requests,
    search(request) {
      requests.push(request);
      const listed = results[request.query];
      const found =
        listed === undefined
          ? byOverlap(passages, request.query)
          : listed.map((chunkId) => passages.find((passage) => passage.chunkId === chunkId));
      const ranked = found
        .filter((passage) => passage !== undefined)
        .slice(0, request.k)
        .map((passage, index) => ({
          ...passage,
          score: 1 / (61 + index),
          denseRank: index + 1,
          lexicalRank: index + 1,
        }));
      return Promise.resolve(ranked);
    },
  };
}

function byOverlap(passages: readonly Passage[], query: string): Passage[] {
  const words = contentWords(query);
  return passages
    .map((passage) => {
      const own = contentWords(`${passage.headingPath.join(' ')} ${passage.text}`);
      return { passage, shared: [...words].filter((word) => own.has(word)).length };
    })
    .filter(({ shared }) => shared > 0)
    .sort((left, right) => right.shared - left.shared)
    .map(({ passage }) => passage);
}

function contentWords(text: string): Set<string> {
  return new Set(tokenize(text).filter((token) => !isStopWord(token)));
}

/** A chat model over the scripted server, without SDK retries. */
export function scriptedModel(server: ScriptedOpenAiServer) {
  return createOpenAiChatModel({
    baseUrl: server.url,
    apiKey: 'sk-test-strategies-0123456789',
    model: 'gpt-test',
    maxRetries: 0,
  });
}

/** The chat completion requests the server received: their messages and max_tokens. */
export function chatRequests(server: ScriptedOpenAiServer) {
  return server.requests
    .filter((request) => request.path === '/v1/chat/completions')
    .map((request) => {
      const body = request.body as {
        messages: { role: string; content: string }[];
        max_tokens: number;
      };
      const content = (role: string) =>
        body.messages.find((message) => message.role === role)?.content ?? '';
      return { system: content('system'), user: content('user'), maxTokens: body.max_tokens };
    });
}

/** The chunk ids of passages, to compare lists of passages. */
export function ids(passages: readonly Passage[]): string[] {
  return passages.map((passage) => passage.chunkId);
}

/** Interpretations with their passages as chunk ids. */
export function withIds(interpretations: readonly Interpretation[]) {
  return interpretations.map((item) => ({ ...item, passages: ids(item.passages) }));
}
