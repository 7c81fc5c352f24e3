import type { Interpretation } from '../conversation';

export const MAX_OPTIONS = 5;

export type Decision =
  | { kind: 'no-answer' }
  | { kind: 'answer'; interpretation: Interpretation }
  | { kind: 'clarify'; interpretations: Interpretation[] };

/**
 * Pipeline stage 7: no grounded interpretation → no answer (never a closed-book answer about
 * the company); one → answer it; several → ask, with at most five options ordered by support.
 */
export function decide(interpretations: readonly Interpretation[]): Decision {
  const [first] = interpretations;
  if (first === undefined) return { kind: 'no-answer' };
  if (interpretations.length === 1) return { kind: 'answer', interpretation: first };
  const ordered = [...interpretations].sort((a, b) => b.support - a.support);
  return { kind: 'clarify', interpretations: ordered.slice(0, MAX_OPTIONS) };
}
