import { fixedPiece, type ChunkLimits, type Piece } from './chunk-limits';
import type { ListBlock, MarkdownBlock } from './parse-blocks';
import { renderBlock } from './render-block';
import { splitCodeBlock } from './split-code-block';
import { splitTable } from './split-table';
import { splitText, trailingSentences } from './split-text';

/** Turns one block into pieces no longer than the limits allow, each carrying its overlap tail. */
export function splitBlock(block: MarkdownBlock, limits: ChunkLimits): Piece[] {
  switch (block.kind) {
    case 'heading':
      return [fixedPiece(renderBlock(block))];
    case 'paragraph':
      return proseOf(block.text, limits);
    case 'list':
      return splitList(block, limits);
    case 'table':
      return splitTable(block, limits);
    case 'code':
      return splitCodeBlock(block, limits).map(fixedPiece);
  }
}

function proseOf(text: string, limits: ChunkLimits): Piece[] {
  return splitText(text, limits.targetChars).map((piece) => ({
    text: piece,
    overlap: trailingSentences(piece, limits.overlapChars),
  }));
}

function splitList(block: ListBlock, limits: ChunkLimits): Piece[] {
  const pieces: Piece[] = [];
  let items: string[] = [];
  const flush = (): void => {
    if (items.length > 0)
      pieces.push({ text: items.join('\n'), overlap: trailingItems(items, limits) });
    items = [];
  };
  for (const item of block.items) {
    if ([...items, item].join('\n').length <= limits.targetChars) {
      items.push(item);
      continue;
    }
    flush();
    if (item.length <= limits.targetChars) items.push(item);
    else pieces.push(...proseOf(item, limits));
  }
  flush();
  return pieces;
}

function trailingItems(items: readonly string[], limits: ChunkLimits): string {
  let start = items.length;
  while (start > 0 && items.slice(start - 1).join('\n').length <= limits.overlapChars) start -= 1;
  return items.slice(start).join('\n');
}
