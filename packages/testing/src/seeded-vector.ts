/**
 * A deterministic pseudo-random unit vector for a text: FNV-1a of the text seeds a mulberry32
 * generator. Equal texts give equal vectors; different texts give unrelated ones.
 */
export function seededVector(text: string, dimensions: number): Float32Array {
  let state = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    state = Math.imul(state ^ text.charCodeAt(index), 0x01000193);
  }
  const vector = new Float32Array(dimensions);
  let sumOfSquares = 0;
  for (let index = 0; index < dimensions; index++) {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    const value = ((mixed ^ (mixed >>> 14)) >>> 0) / 2_147_483_648 - 1;
    vector[index] = value;
    sumOfSquares += value * value;
  }
  const scale = sumOfSquares > 0 ? 1 / Math.sqrt(sumOfSquares) : 0;
  for (let index = 0; index < dimensions; index++) vector[index] = (vector[index] ?? 0) * scale;
  return vector;
}
