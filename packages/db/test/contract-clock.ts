const start = Date.parse('2025-03-01T09:00:00.000Z');

/** A fixed moment plus `seconds`: contract suites compare exact dates. */
export function at(seconds: number): Date {
  return new Date(start + seconds * 1000);
}
