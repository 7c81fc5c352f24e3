export type FeatureCounts = {
  /** Adds `count` occurrences of the feature with this 32-bit hash. */
  add(hash: number, count: number): void;
  /** Calls `visit` once per distinct feature, in insertion order. */
  forEach(visit: (hash: number, count: number) => void): void;
  /** Forgets every feature, keeping the allocated memory for the next text. */
  clear(): void;
};

const INITIAL_CAPACITY = 4_096;

/**
 * A counter of feature hashes in flat typed arrays (open addressing, linear probing). The offline
 * embedder counts a few thousand character n-grams per passage; a `Map` spends most of the
 * embedding time there, this does the same work several times faster and is reused between texts.
 */
export function createFeatureCounts(): FeatureCounts {
  let capacity = INITIAL_CAPACITY;
  let keys = new Int32Array(capacity);
  let counts = new Uint32Array(capacity);
  let usedSlots = new Uint32Array(capacity / 2);
  let size = 0;

  function add(featureHash: number, count: number): void {
    const hash = featureHash | 0;
    const mask = capacity - 1;
    let slot = (hash ^ (hash >>> 15)) & mask;
    while (counts[slot] !== 0) {
      if (keys[slot] === hash) {
        counts[slot] = (counts[slot] ?? 0) + count;
        return;
      }
      slot = (slot + 1) & mask;
    }
    keys[slot] = hash;
    counts[slot] = count;
    usedSlots[size++] = slot;
    if (size * 2 >= capacity) grow();
  }

  function forEach(visit: (hash: number, count: number) => void): void {
    for (let index = 0; index < size; index++) {
      const slot = usedSlots[index] ?? 0;
      visit(keys[slot] ?? 0, counts[slot] ?? 0);
    }
  }

  function clear(): void {
    for (let index = 0; index < size; index++) counts[usedSlots[index] ?? 0] = 0;
    size = 0;
  }

  function grow(): void {
    const oldKeys = keys;
    const oldCounts = counts;
    const oldUsedSlots = usedSlots.subarray(0, size);
    capacity *= 2;
    keys = new Int32Array(capacity);
    counts = new Uint32Array(capacity);
    usedSlots = new Uint32Array(capacity / 2);
    size = 0;
    for (const slot of oldUsedSlots) add(oldKeys[slot] ?? 0, oldCounts[slot] ?? 0);
  }

  return { add, forEach, clear };
}
