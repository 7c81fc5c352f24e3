/** Shown for a figure that is undefined (a 0/0 ratio, no values). */
export const MISSING = '—';

/** A fraction in 0..1 as a percentage with one decimal: 0.625 → "62.5%". */
export function formatPercent(value: number | null): string {
  return value === null ? MISSING : `${(value * 100).toFixed(1)}%`;
}

/** A plain number with a fixed count of decimals: (3.5, 2) → "3.50". */
export function formatNumber(value: number | null, decimals: number): string {
  return value === null ? MISSING : value.toFixed(decimals);
}
