/** A message of a chat completion request. */
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type ChatUsage = { promptTokens: number; completionTokens: number };

export type ChatRequest = {
  messages: readonly ChatMessage[];
  /** Upper bound on completion tokens; every call sets one (RELIABILITY RG-4). */
  maxTokens: number;
  /** 0 by default: the pipeline wants reproducible outputs. */
  temperature?: number;
  /** Pipeline stage making the call (for traces and logs), e.g. "extract-interpretation". */
  purpose: string;
  signal?: AbortSignal;
};

/**
 * A dependency-free description of structured output: its name, its JSON Schema (sent to
 * servers that support `response_format: json_schema`) and a parser that validates a decoded
 * JSON value (implementations build both from a zod schema).
 */
export type StructuredSchema<T> = {
  name: string;
  jsonSchema: Record<string, unknown>;
  parse(value: unknown): { ok: true; value: T } | { ok: false; error: string };
};

export type ChatCompletion = { text: string; usage: ChatUsage };

/**
 * Structured completion outcome. `value` is null when the model's output stayed malformed after
 * one retry: the caller treats that as an abstention (RELIABILITY LF-1).
 */
export type StructuredCompletion<T> = {
  value: T | null;
  usage: ChatUsage;
  /** Requests made, retries for malformed output included. */
  calls: number;
};

/** A chat model (any OpenAI-compatible endpoint). Used only by LLM implementations of ports. */
export interface ChatModel {
  readonly model: string;
  complete(request: ChatRequest): Promise<ChatCompletion>;
  completeStructured<T>(
    request: ChatRequest & { schema: StructuredSchema<T> },
  ): Promise<StructuredCompletion<T>>;
}
