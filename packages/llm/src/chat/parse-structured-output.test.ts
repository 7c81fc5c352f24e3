import type { StructuredSchema } from '@clarify/core';
import { describe, expect, it } from 'vitest';
import { parseStructuredOutput, stripCodeFence } from './parse-structured-output';

const NUMBER_LIST: StructuredSchema<number[]> = {
  name: 'numbers',
  jsonSchema: { type: 'array', items: { type: 'number' } },
  parse: (value) =>
    Array.isArray(value) && value.every((item) => typeof item === 'number')
      ? { ok: true, value }
      : { ok: false, error: 'expected a list of numbers' },
};

describe('parseStructuredOutput', () => {
  it.each([
    ['plain JSON', '[1, 2]'],
    ['padded JSON', '  \n[1, 2]\n '],
    ['a json fence', '```json\n[1, 2]\n```'],
    ['a bare fence', '```\n[1, 2]\n```'],
    ['a one-line fence', '```json [1, 2]```'],
  ])('decodes %s', (_, content) => {
    expect(parseStructuredOutput(content, NUMBER_LIST)).toEqual({ ok: true, value: [1, 2] });
  });

  it('describes an empty reply', () => {
    expect(parseStructuredOutput(' ', NUMBER_LIST)).toEqual({
      ok: false,
      problem: 'the reply was empty; a JSON object was expected',
    });
  });

  it('describes invalid JSON, and a reply cut off at the token limit', () => {
    const plain = parseStructuredOutput('[1,', NUMBER_LIST);
    expect(plain.ok ? '' : plain.problem).toMatch(/^the reply was not valid JSON: /);
    const cut = parseStructuredOutput('[1,', NUMBER_LIST, 'length');
    expect(cut.ok ? '' : cut.problem).toContain('cut off at the token limit');
  });

  it("passes on the schema's error", () => {
    expect(parseStructuredOutput('["a"]', NUMBER_LIST)).toEqual({
      ok: false,
      problem: 'the JSON did not match the schema "numbers": expected a list of numbers',
    });
  });

  it('shortens long problems', () => {
    const result = parseStructuredOutput(`{${'x'.repeat(2_000)}`, NUMBER_LIST);
    expect(result.ok ? 0 : result.problem.length).toBeLessThanOrEqual(501);
  });

  it('leaves text with a fence only inside it unchanged', () => {
    expect(stripCodeFence('see ```json [1]```')).toBe('see ```json [1]```');
  });
});
