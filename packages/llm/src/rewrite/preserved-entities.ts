import { maskEntities } from '@clarify/core';

/** Why a rewrite was refused, or that it was accepted. */
export type RewriteCheck =
  { ok: true } | { ok: false; reason: 'empty' | 'too-long' | 'entity-missing'; missing?: string[] };

const EXTRA_LENGTH = 200;
const LENGTH_FACTOR = 3;
const QUOTED =
  /"([^"\n]{1,80})"|“([^”\n]{1,80})”|‘([^’\n]{1,80})’|(?<![\p{L}\p{N}])'([^'\n]{1,80})'(?![\p{L}\p{N}])/gu;

/**
 * The values a rewrite must copy verbatim: quoted strings and ID-like tokens of the message
 * (tokens with digits, `.`, `:`, `_` or `-`: ticket keys, versions, IDs, numbers, dates), as
 * the history gate's entity masking finds them. Web links are kept whole.
 */
export function preservedEntities(message: string): string[] {
  const quoted = [...message.matchAll(QUOTED)].map(
    (match) => match.slice(1, 5).find((group) => group !== undefined) ?? '',
  );
  const links = message.match(/\b(?:https?:\/\/|www\.)[^\s<>()]+[^\s<>().,!?;:'"]/gi) ?? [];
  const tokens = maskEntities(message).entities.map((entity) => entity.text);
  return [...new Set([...quoted, ...links, ...tokens])].filter((value) => value.trim() !== '');
}

/**
 * Checks an LLM rewrite against its message: non-empty, shorter than three times the message
 * plus 200 characters, and every preserved entity of the message present verbatim (as a
 * whole token: "v3" is not kept by "v3.2").
 */
export function checkRewrite(message: string, rewrite: string): RewriteCheck {
  if (rewrite.trim() === '') return { ok: false, reason: 'empty' };
  if (rewrite.length > LENGTH_FACTOR * message.length + EXTRA_LENGTH)
    return { ok: false, reason: 'too-long' };
  const missing = preservedEntities(message).filter((value) => !containsToken(rewrite, value));
  return missing.length === 0 ? { ok: true } : { ok: false, reason: 'entity-missing', missing };
}

function containsToken(text: string, value: string): boolean {
  const escaped = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}]|[\\p{L}\\p{N}][._:/-])${escaped}(?![\\p{L}\\p{N}]|[._:/-][\\p{L}\\p{N}])`,
    'u',
  );
  return pattern.test(text);
}
