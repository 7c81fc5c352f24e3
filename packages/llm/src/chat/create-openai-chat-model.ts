import { ClarifyError } from '@clarify/core';
import type {
  ChatCompletion,
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatUsage,
  StructuredCompletion,
  StructuredSchema,
} from '@clarify/core';
import type OpenAI from 'openai';
import { createOpenAiClient } from '../openai/create-openai-client';
import { isWholeNumber } from '../openai/is-whole-number';
import { toOpenAiError } from '../openai/to-openai-error';
import { createSemaphore } from './create-semaphore';
import { parseStructuredOutput } from './parse-structured-output';
import {
  createCorrectionMessages,
  createStructuredRequestParts,
  isJsonSchemaRejection,
} from './structured-request';
import type { StructuredOutputMode, StructuredRequestParts } from './structured-request';
import { addUsage, toChatUsage } from './to-chat-usage';

export type OpenAiChatModelOptions = {
  /** An OpenAI-compatible API's base URL, ending in /v1; OpenAI's by default. */
  baseUrl?: string;
  apiKey: string;
  model: string;
  /** Timeout of each HTTP attempt; 30,000 ms by default. */
  timeoutMs?: number;
  /**
   * Retries of 408/409/429/5xx, timeouts and connection errors, with backoff honouring
   * Retry-After (done by the SDK; other 4xx are not retried); 2 by default.
   */
  maxRetries?: number;
  /** Requests in flight at once through this instance; more wait in line. 4 by default. */
  maxConcurrency?: number;
  /** How structured output is requested; 'json_schema' by default. See StructuredOutputMode. */
  structuredOutput?: StructuredOutputMode;
};

type SdkCompletion = OpenAI.Chat.Completions.ChatCompletion;
type SdkChoice = SdkCompletion['choices'][number];
type Sent = { choice: SdkChoice; usage: ChatUsage };

const OPENAI_BASE_URL = 'https://api.openai.com/v1';
const STRUCTURED_OUTPUT_MODES: readonly string[] = ['json_schema', 'json_object'];

/**
 * A ChatModel for OpenAI's and compatible chat completions APIs, through the official SDK: a
 * timeout per attempt, SDK retries of rate limits and server errors, at most `maxConcurrency`
 * requests in flight, temperature 0 unless asked, `max_tokens` always sent. Transport and HTTP
 * failures, cancellation included, reject with ClarifyError('llm_failed') whose message never
 * contains the key. Structured output that is malformed or fails validation is retried once with
 * a correction, then returned as `value: null` (an abstention, RELIABILITY LF-1), as is a refusal.
 * A server rejecting `json_schema` makes this instance switch to JSON mode for good.
 */
export function createOpenAiChatModel(options: OpenAiChatModelOptions): ChatModel {
  const settings = checkOptions(options);
  const client = createOpenAiClient(settings);
  const semaphore = createSemaphore(settings.maxConcurrency);
  let structuredMode = settings.structuredOutput;

  async function send(
    request: ChatRequest,
    messages: readonly ChatMessage[],
    responseFormat?: StructuredRequestParts['response_format'],
  ): Promise<Sent> {
    checkRequest(request);
    const response = await semaphore.run(
      () =>
        client.chat.completions.create(
          {
            model: settings.model,
            messages: messages.map(({ role, content }) => ({ role, content })),
            temperature: request.temperature ?? 0,
            max_tokens: request.maxTokens,
            ...(responseFormat === undefined ? {} : { response_format: responseFormat }),
          },
          { signal: request.signal },
        ),
      request.signal,
    );
    const choice = (response as Partial<SdkCompletion>).choices?.[0];
    if (choice?.message === undefined) {
      const message = `${operation(request)} failed: the API returned no message`;
      throw new ClarifyError('llm_failed', message, { retryable: true });
    }
    const reply = choice.message.content ?? choice.message.refusal ?? '';
    return { choice, usage: toChatUsage(response.usage, messages, reply) };
  }

  function toError(error: unknown, request: ChatRequest): ClarifyError {
    if (error instanceof ClarifyError) return error;
    if (request.signal?.aborted === true) {
      return new ClarifyError('llm_failed', `${operation(request)} was cancelled`, {
        cause: request.signal.reason,
      });
    }
    return toOpenAiError(error, { ...settings, code: 'llm_failed', operation: operation(request) });
  }

  async function complete(request: ChatRequest): Promise<ChatCompletion> {
    try {
      const { choice, usage } = await send(request, request.messages);
      return { text: choice.message.content ?? choice.message.refusal ?? '', usage };
    } catch (error) {
      throw toError(error, request);
    }
  }

  /** One structured request; a json_schema rejection switches modes and resends (2 calls). */
  async function sendStructured(
    request: ChatRequest,
    messages: readonly ChatMessage[],
    schema: StructuredSchema<unknown>,
  ): Promise<Sent & { calls: number }> {
    const mode = structuredMode;
    const parts = createStructuredRequestParts(mode, messages, schema);
    try {
      return { ...(await send(request, parts.messages, parts.response_format)), calls: 1 };
    } catch (error) {
      if (mode !== 'json_schema' || !isJsonSchemaRejection(error)) throw error;
      structuredMode = 'json_object';
      const fallback = createStructuredRequestParts('json_object', messages, schema);
      return { ...(await send(request, fallback.messages, fallback.response_format)), calls: 2 };
    }
  }

  async function completeStructured<T>(
    request: ChatRequest & { schema: StructuredSchema<T> },
  ): Promise<StructuredCompletion<T>> {
    let usage: ChatUsage = { promptTokens: 0, completionTokens: 0 };
    let calls = 0;
    let messages: readonly ChatMessage[] = request.messages;
    try {
      for (let attempt = 1; attempt <= 2; attempt++) {
        const sent = await sendStructured(request, messages, request.schema);
        usage = addUsage(usage, sent.usage);
        calls += sent.calls;
        const { message, finish_reason: finishReason } = sent.choice;
        if (typeof message.refusal === 'string' || finishReason === 'content_filter') break;
        const content = message.content ?? '';
        const parsed = parseStructuredOutput(content, request.schema, finishReason);
        if (parsed.ok) return { value: parsed.value, usage, calls };
        messages = createCorrectionMessages(request.messages, content, parsed.problem);
      }
    } catch (error) {
      throw toError(error, request);
    }
    return { value: null, usage, calls };
  }

  return { model: settings.model, complete, completeStructured };
}

function operation(request: ChatRequest): string {
  return `chat completion "${request.purpose}"`;
}

/** RELIABILITY RG-4: every call carries a positive whole `maxTokens`. */
function checkRequest(request: ChatRequest): void {
  if (!isWholeNumber(request.maxTokens, 1)) {
    const message = `${operation(request)}: maxTokens must be a positive integer`;
    throw new ClarifyError('invalid_input', message);
  }
}

function checkOptions(options: OpenAiChatModelOptions) {
  const settings = {
    baseUrl: options.baseUrl ?? OPENAI_BASE_URL,
    apiKey: options.apiKey,
    model: options.model,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxRetries: options.maxRetries ?? 2,
    maxConcurrency: options.maxConcurrency ?? 4,
    structuredOutput: options.structuredOutput ?? 'json_schema',
  };
  const problems = [
    settings.apiKey.trim() === '' && 'apiKey is empty',
    settings.model.trim() === '' && 'model is empty',
    !isWholeNumber(settings.timeoutMs, 1) && 'timeoutMs must be a positive integer',
    !isWholeNumber(settings.maxRetries, 0) && 'maxRetries must be a non-negative integer',
    !isWholeNumber(settings.maxConcurrency, 1) && 'maxConcurrency must be a positive integer',
    !STRUCTURED_OUTPUT_MODES.includes(settings.structuredOutput) &&
      'structuredOutput must be json_schema or json_object',
    !URL.canParse(settings.baseUrl) && 'baseUrl is not a URL',
  ].filter((problem) => problem !== false);
  if (problems.length > 0) {
    throw new ClarifyError('config_invalid', `OpenAI chat model: ${problems.join('; ')}`);
  }
  return settings;
}
