/** `numerator / denominator`, or null when the ratio is undefined (nothing to divide by). */
export function ratio(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator;
}

export function mean(values: readonly number[]): number | null {
  return ratio(sum(values), values.length);
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

/**
 * Nearest-rank quantile: the smallest value such that at least a fraction `p` of the values are at
 * or below it, so the result is always one of the values (no interpolation). Null for no values.
 */
export function nearestRank(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((first, second) => first - second);
  const rank = Math.max(1, Math.ceil(p * sorted.length));
  return sorted[rank - 1] ?? null;
}
