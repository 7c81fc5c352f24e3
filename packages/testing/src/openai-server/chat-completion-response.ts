import { isRecord } from '../is-record';
import { countTokens } from './count-tokens';
import type { JsonResponse } from './embeddings-response';
import { openAiErrorBody } from './openai-error-body';

/** What a chat reply may be: text, or an object sent as JSON text (for structured output). */
export type ChatReply = string | object;

export type ChatAnswer = {
  /** The completion's `id`. */
  id: string;
  reply?: ChatReply;
  /** The model declines: `content` is null and `refusal` holds this text. */
  refusal?: string;
  finishReason?: 'stop' | 'length' | 'content_filter' | 'tool_calls';
};

/**
 * Answers `POST /v1/chat/completions` in OpenAI's shape (`chat.completion`, one choice, `usage`
 * with rough token counts). Streaming is not supported and gets a 400.
 */
export function createChatCompletionResponse(body: unknown, answer: ChatAnswer): JsonResponse {
  if (!isRecord(body) || !Array.isArray(body['messages'])) {
    return { status: 400, body: openAiErrorBody(400, "'$.messages' is required.") };
  }
  if (body['stream'] === true) {
    return { status: 400, body: openAiErrorBody(400, 'The scripted server does not stream.') };
  }
  const content =
    answer.refusal !== undefined
      ? null
      : typeof answer.reply === 'string'
        ? answer.reply
        : JSON.stringify(answer.reply ?? '');
  const promptTokens = countTokens(JSON.stringify(body['messages']));
  const completionTokens = countTokens(content ?? answer.refusal ?? '');
  return {
    status: 200,
    body: {
      id: answer.id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: typeof body['model'] === 'string' ? body['model'] : 'unknown',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: answer.refusal ?? null },
          logprobs: null,
          finish_reason: answer.finishReason ?? 'stop',
        },
      ],
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    },
  };
}
