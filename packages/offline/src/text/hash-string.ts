/**
 * 32-bit FNV-1a, written out so feature hashing needs no dependency and can hash a character
 * window incrementally (extend the hash of `abc` by `d` to get the hash of `abcd`).
 */
export const FNV_OFFSET_BASIS = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Extends an FNV-1a hash by one UTF-16 code unit. */
export function extendHash(hash: number, code: number): number {
  return Math.imul(hash ^ code, FNV_PRIME);
}

/** FNV-1a of a whole string, starting from `seed` (use a different seed per feature family). */
export function hashString(text: string, seed: number = FNV_OFFSET_BASIS): number {
  let hash = seed;
  for (let index = 0; index < text.length; index++) {
    hash = extendHash(hash, text.charCodeAt(index));
  }
  return hash;
}

/** murmur3's final avalanche: spreads FNV's weak low bits before they pick a bucket and a sign. */
export function finalizeHash(hash: number): number {
  let mixed = hash ^ (hash >>> 16);
  mixed = Math.imul(mixed, 0x85ebca6b);
  mixed ^= mixed >>> 13;
  mixed = Math.imul(mixed, 0xc2b2ae35);
  return mixed ^ (mixed >>> 16);
}
