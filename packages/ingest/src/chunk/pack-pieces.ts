import type { ChunkLimits, Piece } from './chunk-limits';

const separator = '\n\n';

/**
 * Packs pieces into chunk texts of up to `targetChars` (a single larger piece stands alone, never
 * above `maxChars`). Each chunk after the first starts with the overlap tail of the previous one.
 */
export function packPieces(pieces: readonly Piece[], limits: ChunkLimits): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let previous: Piece | undefined;
  for (const piece of pieces) {
    const candidate = [...current, piece.text].join(separator);
    if (current.length > 0 && candidate.length > limits.targetChars) {
      const flushed = current.join(separator);
      chunks.push(flushed);
      current = [];
      const overlap = previous?.overlap ?? '';
      const fits = overlap.length + separator.length + piece.text.length <= limits.maxChars;
      if (overlap !== '' && overlap !== flushed && fits) current.push(overlap);
    }
    current.push(piece.text);
    previous = piece;
  }
  if (current.length > 0) chunks.push(current.join(separator));
  return chunks;
}
