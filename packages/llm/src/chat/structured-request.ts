import type { ChatMessage, StructuredSchema } from '@clarify/core';
import { APIError } from 'openai';

/**
 * How structured output is requested: `json_schema` (OpenAI Structured Outputs, the schema is
 * enforced by the server) or `json_object` (JSON mode, for servers without JSON-schema support:
 * the schema is described in the system prompt and only checked on our side).
 */
export type StructuredOutputMode = 'json_schema' | 'json_object';

export type StructuredRequestParts = {
  messages: ChatMessage[];
  response_format:
    | {
        type: 'json_schema';
        json_schema: { name: string; schema: Record<string, unknown>; strict: true };
      }
    | { type: 'json_object' };
};

const MAX_ECHOED_REPLY_LENGTH = 4_000;

/** The messages and `response_format` of a structured request in the given mode. */
export function createStructuredRequestParts(
  mode: StructuredOutputMode,
  messages: readonly ChatMessage[],
  schema: StructuredSchema<unknown>,
): StructuredRequestParts {
  if (mode === 'json_schema') {
    return {
      messages: [...messages],
      response_format: {
        type: 'json_schema',
        json_schema: { name: schema.name, schema: schema.jsonSchema, strict: true },
      },
    };
  }
  return {
    messages: withSchemaInstructions(messages, schema),
    response_format: { type: 'json_object' },
  };
}

/**
 * JSON mode needs the schema in the prompt (and OpenAI requires the word "JSON" in it): appended
 * to the first system message, or sent as a new first system message when there is none.
 */
function withSchemaInstructions(
  messages: readonly ChatMessage[],
  schema: StructuredSchema<unknown>,
): ChatMessage[] {
  const instructions =
    `Reply with one JSON object and nothing else (no prose, no code fence). ` +
    `It must match this JSON Schema, named "${schema.name}":\n${JSON.stringify(schema.jsonSchema)}`;
  const position = messages.findIndex((message) => message.role === 'system');
  const first = messages[position];
  if (first === undefined) return [{ role: 'system', content: instructions }, ...messages];
  const merged: ChatMessage = { role: 'system', content: `${first.content}\n\n${instructions}` };
  return messages.map((message, index) => (index === position ? merged : message));
}

/**
 * The messages of the one corrective retry: the original conversation, the model's faulty reply
 * (shortened) and a user message saying what was wrong.
 */
export function createCorrectionMessages(
  messages: readonly ChatMessage[],
  reply: string,
  problem: string,
): ChatMessage[] {
  const echoed =
    reply.length > MAX_ECHOED_REPLY_LENGTH ? `${reply.slice(0, MAX_ECHOED_REPLY_LENGTH)}…` : reply;
  const correction: ChatMessage = {
    role: 'user',
    content:
      `Your previous reply could not be used: ${problem}. ` +
      'Reply again with only a JSON object that matches the requested schema.',
  };
  return echoed.trim() === ''
    ? [...messages, correction]
    : [...messages, { role: 'assistant', content: echoed }, correction];
}

/**
 * Whether an SDK error is a server refusing `response_format: json_schema` (a 400 whose message
 * mentions response_format or json_schema), which calls for JSON mode instead.
 */
export function isJsonSchemaRejection(error: unknown): boolean {
  return (
    error instanceof APIError &&
    error.status === 400 &&
    /response_format|json_schema/i.test(error.message)
  );
}
