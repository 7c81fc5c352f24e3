import type { QuestionRun } from '../types';
import { figuresFor } from './aggregate';
import type { Figures } from './figures';

/** Figures per `question.category`, categories in alphabetical order. */
export function byCategory(runs: readonly QuestionRun[]): Record<string, Figures> {
  const groups = new Map<string, QuestionRun[]>();
  for (const run of runs) {
    const group = groups.get(run.question.category) ?? [];
    group.push(run);
    groups.set(run.question.category, group);
  }
  const categories = [...groups.keys()].sort();
  return Object.fromEntries(
    categories.map((category) => [category, figuresFor(groups.get(category) ?? [])]),
  );
}
