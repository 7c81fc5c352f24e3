/** A deterministic source of numbers in [0, 1). */
export type RandomSource = () => number;

/** Mulberry32: a small seeded generator; the same seed gives the same sequence everywhere. */
export function createSeededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of a non-empty list, drawn with `random`. */
export function pick<T>(items: readonly [T, ...T[]], random: RandomSource): T {
  return items[Math.floor(random() * items.length)] ?? items[0];
}

/** A shuffled copy (Fisher–Yates) drawn with `random`. */
export function shuffled<T>(items: readonly T[], random: RandomSource): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    const held = copy[index] as T;
    copy[index] = copy[other] as T;
    copy[other] = held;
  }
  return copy;
}
