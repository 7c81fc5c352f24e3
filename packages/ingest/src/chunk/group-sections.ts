import type { PathHeading, Section } from './build-sections';
import type { MarkdownBlock } from './parse-blocks';
import { renderBlocks } from './render-block';

/** What becomes one or more chunks: a heading path and the blocks under it. */
export type ChunkUnit = { headingPath: string[]; blocks: MarkdownBlock[] };

/** Share of `targetChars` under which a section counts as small and may be merged. */
export const SMALL_SECTION_SHARE = 0.25;

/**
 * Turns sections into chunk units, dropping heading-only sections.
 *
 * Merging decision: a small section (under 25% of `targetChars`) is merged with the sections
 * right after it while they stay under its parent (siblings, or its own subsections) and the
 * result fits one chunk, until the group is no longer small. The unit takes the common path and
 * keeps the merged headings inline. A few-sentence section embedded alone gives a vague vector
 * that still crowds the top-k; merged with its neighbours, its heading words stay searchable
 * and the chunk carries enough context to answer from. A merge never makes a unit longer than one
 * chunk, so a section that needs chunks of its own keeps its own path.
 */
export function groupSections(sections: readonly Section[], targetChars: number): ChunkUnit[] {
  const filled = sections.filter((section) => section.blocks.length > 0);
  const smallLimit = targetChars * SMALL_SECTION_SHARE;
  const units: ChunkUnit[] = [];
  let index = 0;
  while (index < filled.length) {
    const first = filled[index];
    if (!first) break;
    let group = [first];
    const parentDepth = first.headings.length - 1;
    index += 1;
    while (index < filled.length && unitLength(group) < smallLimit) {
      const next = filled[index];
      if (!next) break;
      const candidate = [...group, next];
      if (commonPrefixLength(candidate.map((section) => section.headings)) < parentDepth) break;
      if (unitLength(candidate) > targetChars) break;
      group = candidate;
      index += 1;
    }
    units.push(toUnit(group));
  }
  return units;
}

function unitLength(group: readonly Section[]): number {
  return renderBlocks(toUnit(group).blocks).length;
}

function toUnit(group: readonly Section[]): ChunkUnit {
  const paths = group.map((section) => section.headings);
  const shared = commonPrefixLength(paths);
  const blocks: MarkdownBlock[] = [];
  let previous: PathHeading[] = paths[0]?.slice(0, shared) ?? [];
  for (const section of group) {
    const from = Math.max(shared, commonPrefixLength([previous, section.headings]));
    for (const heading of section.headings.slice(from)) {
      blocks.push({
        kind: 'heading',
        level: heading.level,
        text: heading.text,
        rawText: heading.rawText,
      });
    }
    blocks.push(...section.blocks);
    previous = section.headings;
  }
  const headingPath = (paths[0] ?? []).slice(0, shared).map((heading) => heading.text);
  return { headingPath, blocks };
}

function commonPrefixLength(paths: readonly (readonly PathHeading[])[]): number {
  const [first = [], ...rest] = paths;
  let length = 0;
  while (
    length < first.length &&
    rest.every((path) => path[length] !== undefined && path[length]?.id === first[length]?.id)
  ) {
    length += 1;
  }
  return length;
}
