import { describe, expect, it } from 'vitest';
import { checkRewrite, preservedEntities } from './preserved-entities';

describe('preservedEntities', () => {
  it('lists quoted strings and ID-like tokens, not plain or common hyphenated words', () => {
    expect(
      preservedEntities('Is "Q3 Budget" on v3.2 blocked by ABC-123 at 10:30? It is a follow-up.'),
    ).toEqual(['Q3 Budget', 'v3.2', 'ABC-123', '10:30']);
    expect(preservedEntities('how do I reset it?')).toEqual([]);
  });
});

describe('checkRewrite', () => {
  const message = 'does ABC-123 affect v3.2?';

  it('accepts a rewrite that keeps every entity verbatim', () => {
    expect(checkRewrite(message, 'Does ticket ABC-123 affect Lattice v3.2?')).toEqual({ ok: true });
  });

  it('rejects a rewrite that drops or alters an entity', () => {
    expect(checkRewrite(message, 'Does the ticket affect Lattice v3.2?')).toEqual({
      ok: false,
      reason: 'entity-missing',
      missing: ['ABC-123'],
    });
    expect(checkRewrite(message, 'Does ABC-123 affect Lattice v3.2.1?')).toMatchObject({
      reason: 'entity-missing',
      missing: ['v3.2'],
    });
    expect(checkRewrite('is v3 out?', 'Is Lattice v3.2 out?')).toMatchObject({ ok: false });
  });

  it('rejects an empty or overlong rewrite', () => {
    expect(checkRewrite(message, '  ')).toEqual({ ok: false, reason: 'empty' });
    const limit = 3 * message.length + 200;
    expect(checkRewrite(message, `ABC-123 v3.2 ${'x'.repeat(limit)}`)).toEqual({
      ok: false,
      reason: 'too-long',
    });
    expect(checkRewrite(message, `ABC-123 v3.2 ${'x'.repeat(limit - 13)}`)).toEqual({ ok: true });
  });
});
