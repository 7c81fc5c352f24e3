import type { Interpretation } from '../conversation';

/** The most options a clarification may offer (PIPELINE.md stage 7). */
export const MAX_OPTIONS = 5;

/**
 * Options offered by default. A fourth and fifth reading are rarely right: on ASQA-G dev the
 * offline engine's were right 6 of 39 and 1 of 19 times, against 143 of 318 for the first
 * three (docs/benchmarks.md), and every extra button costs a reader in a busy channel.
 */
export const DEFAULT_MAX_OPTIONS = 3;

export type Decision =
  | { kind: 'no-answer' }
  | { kind: 'answer'; interpretation: Interpretation }
  | { kind: 'clarify'; interpretations: Interpretation[] };

/**
 * Pipeline stage 7: no grounded interpretation → no answer (never a closed-book answer about
 * the company); one → answer it; several → ask, with the `maxOptions` best supported (at most
 * five).
 */
export function decide(
  interpretations: readonly Interpretation[],
  maxOptions: number = DEFAULT_MAX_OPTIONS,
): Decision {
  const [first] = interpretations;
  if (first === undefined) return { kind: 'no-answer' };
  if (interpretations.length === 1) return { kind: 'answer', interpretation: first };
  const ordered = [...interpretations].sort((a, b) => b.support - a.support);
  const shown = Math.min(MAX_OPTIONS, Math.max(2, Math.floor(maxOptions)));
  return { kind: 'clarify', interpretations: ordered.slice(0, shown) };
}
