import { fixedPiece, type ChunkLimits, type Piece } from './chunk-limits';
import type { TableBlock } from './parse-blocks';
import { renderBlock } from './render-block';
import { splitText } from './split-text';

/**
 * Splits a pipe table between rows only, repeating the header and delimiter rows in every piece.
 * A row too long to fit beside the header even at `maxChars` degrades to plain prose.
 */
export function splitTable(block: TableBlock, limits: ChunkLimits): Piece[] {
  const whole = renderBlock(block);
  if (whole.length <= limits.targetChars) return [fixedPiece(whole)];
  const head = `${block.header}\n${block.delimiter}`;
  if (block.rows.length === 0) return asProse(whole, limits);
  const pieces: Piece[] = [];
  let rows: string[] = [];
  const flush = (): void => {
    if (rows.length > 0) pieces.push(fixedPiece([head, ...rows].join('\n')));
    rows = [];
  };
  for (const row of block.rows) {
    if ([head, ...rows, row].join('\n').length <= limits.targetChars) {
      rows.push(row);
      continue;
    }
    flush();
    if (`${head}\n${row}`.length <= limits.maxChars) rows.push(row);
    else pieces.push(...asProse(row, limits));
  }
  flush();
  return pieces;
}

function asProse(text: string, limits: ChunkLimits): Piece[] {
  if (text.length <= limits.maxChars) return [fixedPiece(text)];
  return splitText(text, limits.targetChars).map(fixedPiece);
}
