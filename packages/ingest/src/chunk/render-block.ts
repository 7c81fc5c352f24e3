import type { MarkdownBlock } from './parse-blocks';

/** The Markdown text of one block, as it appears in a chunk. */
export function renderBlock(block: MarkdownBlock): string {
  switch (block.kind) {
    case 'heading':
      return `${'#'.repeat(Math.min(Math.max(block.level, 1), 6))} ${block.rawText}`;
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.join('\n');
    case 'table':
      return [block.header, block.delimiter, ...block.rows].join('\n');
    case 'code':
      return [block.opening, ...block.lines, block.closing].join('\n');
  }
}

/** Blocks joined the way a chunk joins them: one blank line between blocks. */
export function renderBlocks(blocks: readonly MarkdownBlock[]): string {
  return blocks.map(renderBlock).join('\n\n');
}
