import { ClarifyError } from '@clarify/core';
import type { StructuredSchema } from '@clarify/core';
import { z } from 'zod';

const NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_ERROR_LENGTH = 400;

/**
 * A StructuredSchema from a zod 4 schema: its JSON Schema (`z.toJSONSchema`, output shape, without
 * the `$schema` key) and a parser using `safeParse` whose error is zod's prettified summary.
 * For OpenAI's strict mode every property must be required and objects closed: use
 * `.nullable()` rather than `.optional()`, and no transforms (they have no JSON Schema).
 * `name` must match OpenAI's rule: 1–64 letters, digits, `_` or `-`.
 */
export function zodSchema<Schema extends z.ZodType>(
  name: string,
  schema: Schema,
): StructuredSchema<z.output<Schema>> {
  if (!NAME.test(name)) {
    throw new ClarifyError(
      'invalid_input',
      `schema name "${name}" must be 1–64 of a-z A-Z 0-9 _ -`,
    );
  }
  let jsonSchema: Record<string, unknown>;
  try {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(schema);
    jsonSchema = rest;
  } catch (error) {
    throw new ClarifyError('invalid_input', `schema "${name}" has no JSON Schema form`, {
      cause: error,
    });
  }
  return {
    name,
    jsonSchema,
    parse(value: unknown) {
      const result = schema.safeParse(value);
      if (result.success) return { ok: true, value: result.data };
      const summary = z.prettifyError(result.error).replace(/\s+/g, ' ').trim();
      const error =
        summary.length > MAX_ERROR_LENGTH ? `${summary.slice(0, MAX_ERROR_LENGTH)}…` : summary;
      return { ok: false, error };
    },
  };
}
