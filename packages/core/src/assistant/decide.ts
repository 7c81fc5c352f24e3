import type { Interpretation } from '../conversation';

/** The most options a clarification may offer (PIPELINE.md stage 7). */
export const MAX_OPTIONS = 5;

/**
 * Options offered by default. A fourth and fifth reading are rarely right: on ASQA-G dev the
 * offline engine's were right 6 of 39 and 1 of 19 times, against 143 of 318 for the first
 * three (docs/benchmarks.md), and every extra button costs a reader in a busy channel. Rows of
 * one table and sections under one heading are the exception: see `siblingsOfShown`.
 */
export const DEFAULT_MAX_OPTIONS = 3;

export type Decision =
  | { kind: 'no-answer' }
  | { kind: 'answer'; interpretation: Interpretation }
  | { kind: 'clarify'; interpretations: Interpretation[] };

/**
 * Pipeline stage 7: no grounded interpretation → no answer (never a closed-book answer about
 * the company); one → answer it; several → ask, with the `maxOptions` best supported (at most
 * five), and the other rows or sections of a table or heading already shown.
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
  const best = ordered.slice(0, shown);
  const siblings = siblingsOfShown(best, ordered.slice(shown)).slice(0, MAX_OPTIONS - shown);
  return { kind: 'clarify', interpretations: [...best, ...siblings] };
}

/**
 * The readings left out that are another row of a table, or another section under a heading,
 * that an option already shows. "How much is on-call pay?" over a table with a row per role
 * means each role alike: showing three of four rows would say the fourth does not exist. A
 * page's structure is evidence a loose reading is not, so the limit on options stops there.
 */
function siblingsOfShown(
  shown: readonly Interpretation[],
  rest: readonly Interpretation[],
): Interpretation[] {
  const groups = new Set(shown.map(structureOf).filter((group) => group !== null));
  return rest.filter((reading) => {
    const group = structureOf(reading);
    return group !== null && groups.has(group);
  });
}

/** The table or heading a row or section reading belongs to: its page and its dimension. */
function structureOf(reading: Interpretation): string | null {
  const { basis } = reading;
  const page = reading.passages[0]?.documentId;
  if (basis === undefined || page === undefined || basis.dimension === undefined) return null;
  if (basis.source !== 'row' && basis.source !== 'section') return null;
  return `${page}\n${basis.source}\n${basis.dimension}`;
}
