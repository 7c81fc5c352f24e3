import { isClarifyError } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodSchema } from './zod-schema';

const PAIR = z.object({
  interpretation: z.string().min(1),
  answer: z.string().nullable(),
  passages: z.array(z.number().int()),
});

describe('zodSchema', () => {
  it('builds a closed JSON Schema without the $schema key', () => {
    const schema = zodSchema('pair', PAIR);
    expect(schema.name).toBe('pair');
    expect(schema.jsonSchema).not.toHaveProperty('$schema');
    expect(schema.jsonSchema).toMatchObject({
      type: 'object',
      properties: {
        interpretation: { type: 'string', minLength: 1 },
        answer: { type: ['string', 'null'] },
        passages: { type: 'array', items: { type: 'integer' } },
      },
      required: ['interpretation', 'answer', 'passages'],
      additionalProperties: false,
    });
  });

  it('parses a valid value and returns the parsed data', () => {
    const value = { interpretation: 'x', answer: null, passages: [1, 2], extra: true };
    expect(zodSchema('pair', PAIR).parse(value)).toEqual({
      ok: true,
      value: { interpretation: 'x', answer: null, passages: [1, 2] },
    });
  });

  it('returns a one-line error naming each wrong field', () => {
    const result = zodSchema('pair', PAIR).parse({ interpretation: '', passages: ['a'] });
    expect(result.ok).toBe(false);
    const error = result.ok ? '' : result.error;
    expect(error).not.toContain('\n');
    expect(error).toContain('interpretation');
    expect(error).toContain('answer');
    expect(error).toContain('passages[0]');
  });

  it('rejects names OpenAI would reject', () => {
    for (const name of ['', 'has space', 'x'.repeat(65), 'dots.not.allowed']) {
      let error: unknown;
      try {
        zodSchema(name, PAIR);
      } catch (caught) {
        error = caught;
      }
      expect(isClarifyError(error, 'invalid_input')).toBe(true);
    }
  });

  it('rejects a schema with no JSON Schema form', () => {
    const transformed = z.object({ when: z.string().transform((text) => new Date(text)) });
    expect(() => zodSchema('dated', transformed)).toThrow(/has no JSON Schema form/);
  });
});
