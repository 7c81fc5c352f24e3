import { ClarifyError } from '@clarify/core';

/** A line of a benchmark file that could not be read, with where it is. */
export type LineProblem = { file: string; line: number; reason: string };

export function describeProblem(problem: LineProblem): string {
  return `${problem.file}:${problem.line}: ${problem.reason}`;
}

/**
 * What a reader does with a bad line: report it and skip it, or (strict) fail the run naming it.
 * Never silently dropped.
 */
export type ProblemHandling = { strict: boolean; onProblem: (problem: LineProblem) => void };

export function handleProblem(problem: LineProblem, handling: ProblemHandling): void {
  if (handling.strict) throw new ClarifyError('invalid_input', describeProblem(problem));
  handling.onProblem(problem);
}
