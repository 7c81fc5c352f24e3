/** One non-zero entry of a sparse vector: `[index, value]`. */
export type SparseEntry = readonly [index: number, value: number];

/** 32-bit FNV-1a hash of a string's UTF-16 code units; the same on every platform. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * Hashes the unigrams and bigrams of a token sequence into `buckets` buckets (the hashing trick).
 * Presence is binary; entries come back sorted by index, without duplicates.
 */
export function hashNgrams(tokens: readonly string[], buckets: number): SparseEntry[] {
  const indices = new Set<number>();
  tokens.forEach((token, position) => {
    indices.add(fnv1a(`1:${token}`) % buckets);
    const next = tokens[position + 1];
    if (next !== undefined) indices.add(fnv1a(`2:${token} ${next}`) % buckets);
  });
  return [...indices].sort((left, right) => left - right).map((index) => [index, 1] as const);
}
