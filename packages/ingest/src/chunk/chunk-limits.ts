/** Resolved size limits every splitting step works against. */
export type ChunkLimits = { targetChars: number; overlapChars: number; maxChars: number };

/** A run of chunk text that is never split further; `overlap` may start the next chunk. */
export type Piece = { text: string; overlap: string };

export function fixedPiece(text: string): Piece {
  return { text, overlap: '' };
}
