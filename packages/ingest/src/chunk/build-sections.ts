import { isBlank } from './markdown-syntax';
import type { HeadingBlock, MarkdownBlock } from './parse-blocks';

/** One heading of a section's path; `id` tells apart equal texts at different places. */
export type PathHeading = { id: number; level: number; text: string; rawText: string };

/** The content under one heading, with every heading above it from the top of the document. */
export type Section = {
  headings: PathHeading[];
  blocks: Exclude<MarkdownBlock, HeadingBlock>[];
};

/**
 * Groups blocks under their headings. When the document has no H1 and a `title` is given, the
 * title heads every path; content before the first heading gets the bare prefix path.
 */
export function buildSections(blocks: readonly MarkdownBlock[], title?: string): Section[] {
  const hasTopHeading = blocks.some((block) => block.kind === 'heading' && block.level === 1);
  const prefix: PathHeading[] =
    !hasTopHeading && title !== undefined && title.trim() !== ''
      ? [{ id: -1, level: 0, text: title.trim(), rawText: title.trim() }]
      : [];
  const sections: Section[] = [{ headings: prefix, blocks: [] }];
  let stack: PathHeading[] = [];
  blocks.forEach((block, id) => {
    if (block.kind === 'code' && block.lines.every(isBlank)) return;
    if (block.kind !== 'heading') {
      sections.at(-1)?.blocks.push(block);
      return;
    }
    const heading = { id, level: block.level, text: block.text, rawText: block.rawText };
    stack = [...stack.filter((entry) => entry.level < block.level), heading];
    sections.push({ headings: [...prefix, ...stack], blocks: [] });
  });
  return sections;
}
