import type { StructuredSchema } from '@clarify/core';

/** A decoded, validated value, or what was wrong with the model's reply (fed back to it). */
export type ParsedOutput<T> = { ok: true; value: T } | { ok: false; problem: string };

const MAX_PROBLEM_LENGTH = 500;
const FENCE = /^```[a-zA-Z]*[ \t]*\r?\n?([\s\S]*?)\r?\n?```$/;

/**
 * Decodes a structured reply: strips surrounding whitespace and a Markdown code fence
 * (```json … ```), parses JSON and validates it with `schema.parse`. Never throws: an empty,
 * cut-off, non-JSON or schema-invalid reply yields `ok: false` with a short description.
 */
export function parseStructuredOutput<T>(
  content: string,
  schema: StructuredSchema<T>,
  finishReason?: string | null,
): ParsedOutput<T> {
  const text = stripCodeFence(content.trim());
  if (text === '') return failure('the reply was empty; a JSON object was expected');
  let decoded: unknown;
  try {
    decoded = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const cutOff = finishReason === 'length' ? ' (it was cut off at the token limit)' : '';
    return failure(`the reply was not valid JSON${cutOff}: ${reason}`);
  }
  const parsed = schema.parse(decoded);
  if (parsed.ok) return parsed;
  return failure(`the JSON did not match the schema "${schema.name}": ${parsed.error}`);
}

/** The text inside one Markdown code fence spanning the whole reply, else the reply itself. */
export function stripCodeFence(text: string): string {
  const match = FENCE.exec(text);
  return match === null ? text : (match[1] ?? '').trim();
}

function failure(problem: string): { ok: false; problem: string } {
  const short =
    problem.length > MAX_PROBLEM_LENGTH ? `${problem.slice(0, MAX_PROBLEM_LENGTH)}…` : problem;
  return { ok: false, problem: short };
}
