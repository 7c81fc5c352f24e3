import { ClarifyError } from '@clarify/core';
import { fnv1a } from '@clarify/core';
import type { AmbiguityItem } from './ambiguity-item';

/** One CLAMBER question (Zhang et al. 2024) with its gold label and taxonomy. */
export type ClamberItem = AmbiguityItem & {
  /** `MC` (underspecified output), `FD` (unfamiliar entity, contradiction), `LA` (linguistic). */
  category: string;
  /** whom / what / when / where / none / NK / ICL / co-reference / polysemy. */
  subclass: string;
};

/** Which half of CLAMBER a question belongs to. */
export type ClamberHalf = 'train' | 'evaluation';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseLine(line: string, number: number): unknown {
  try {
    // Each line is a JSON string that holds a JSON object (CLAMBER's SOURCE.md).
    const outer: unknown = JSON.parse(line);
    return typeof outer === 'string' ? JSON.parse(outer) : outer;
  } catch (error) {
    throw new ClarifyError('parse_failed', `CLAMBER line ${number} is not JSON`, { cause: error });
  }
}

/**
 * Reads `clamber_benchmark.jsonl`. Only the gold fields are kept: `require_clarification`,
 * `category`, `subclass`; the `predict_*` fields are ChatGPT outputs, not labels.
 */
export function parseClamberItems(jsonl: string): ClamberItem[] {
  return jsonl
    .split('\n')
    .map((line, index) => ({ line: line.trim(), number: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, number }) => {
      const entry = parseLine(line, number);
      if (
        !isRecord(entry) ||
        typeof entry.question !== 'string' ||
        (entry.require_clarification !== 0 && entry.require_clarification !== 1) ||
        typeof entry.category !== 'string' ||
        typeof entry.subclass !== 'string'
      )
        throw new ClarifyError('parse_failed', `CLAMBER line ${number} is malformed`);
      return {
        message: entry.question,
        ambiguous: entry.require_clarification === 1,
        category: entry.category,
        subclass: entry.subclass,
      };
    });
}

/**
 * The project's split of CLAMBER: FNV-1a of the question text, even → `train`, odd →
 * `evaluation`. A question asked twice lands in one half. The ambiguity classifier trains on the
 * train half only; the evaluation half is for `clarify eval-gate clamber` and never trained on.
 */
export function clamberHalf(question: string): ClamberHalf {
  return fnv1a(question) % 2 === 0 ? 'train' : 'evaluation';
}

/** A named part of CLAMBER's items, for figures by category. */
export type ClamberGroup = { name: string; items: ClamberItem[] };

function groupBy(items: readonly ClamberItem[], key: (item: ClamberItem) => string) {
  const groups = new Map<string, ClamberItem[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return [...groups].map(([name, members]) => ({ name, items: members }));
}

/**
 * CLAMBER's items by `category` (MC, FD, LA), each followed by its subclasses that hold both
 * labels ("FD/NK", "LA/polysemy"; MC's subclasses each hold one label, so they are not split).
 * Groups come in order of first appearance.
 */
export function clamberGroups(items: readonly ClamberItem[]): ClamberGroup[] {
  return groupBy(items, (item) => item.category).flatMap((category) => [
    category,
    ...groupBy(category.items, (item) => `${category.name}/${item.subclass}`).filter(
      (subclass) =>
        subclass.items.some((item) => item.ambiguous) &&
        subclass.items.some((item) => !item.ambiguous),
    ),
  ]);
}
