import { ClarifyError, type DocumentChunk } from '@clarify/core';
import { buildSections } from './build-sections';
import type { ChunkLimits } from './chunk-limits';
import { groupSections } from './group-sections';
import { packPieces } from './pack-pieces';
import { parseBlocks } from './parse-blocks';
import { splitBlock } from './split-block';

export type ChunkOptions = {
  /** Size a chunk is packed up to, in characters. */
  targetChars: number;
  /** Trailing whole sentences of a chunk repeated at the start of the next one in the same section. */
  overlapChars: number;
  /** Hard ceiling for any chunk; defaults to twice `targetChars`. */
  maxChars?: number;
  /** Heads every heading path when the document has no H1. */
  title?: string;
};

export const DEFAULT_CHUNK_OPTIONS = {
  targetChars: 1200,
  overlapChars: 150,
} as const satisfies ChunkOptions;

/** Smallest `targetChars` accepted: below it, code fences alone would not fit a chunk. */
export const MIN_TARGET_CHARS = 64;

/**
 * Splits body Markdown (front matter already removed) into chunks that follow its heading
 * structure. Every chunk is at most `maxChars` long, and code fences are balanced in each one.
 */
export function chunkMarkdown(markdown: string, options: ChunkOptions): DocumentChunk[] {
  const limits = resolveLimits(options);
  const units = groupSections(
    buildSections(parseBlocks(markdown), options.title),
    limits.targetChars,
  );
  const chunks: DocumentChunk[] = [];
  for (const unit of units) {
    const pieces = unit.blocks.flatMap((block) => splitBlock(block, limits));
    for (const text of packPieces(pieces, limits)) {
      const tidy = text.trim();
      if (tidy !== '')
        chunks.push({ ordinal: chunks.length, headingPath: unit.headingPath, text: tidy });
    }
  }
  return chunks;
}

function resolveLimits(options: ChunkOptions): ChunkLimits {
  const { targetChars, overlapChars } = options;
  const maxChars = options.maxChars ?? targetChars * 2;
  if (!Number.isInteger(targetChars) || targetChars < MIN_TARGET_CHARS) {
    throw new ClarifyError(
      'invalid_input',
      `targetChars must be an integer >= ${MIN_TARGET_CHARS}`,
    );
  }
  if (!Number.isInteger(overlapChars) || overlapChars < 0 || overlapChars >= targetChars) {
    throw new ClarifyError('invalid_input', 'overlapChars must be an integer in [0, targetChars)');
  }
  if (!Number.isInteger(maxChars) || maxChars < targetChars) {
    throw new ClarifyError('invalid_input', 'maxChars must be an integer >= targetChars');
  }
  return { targetChars, overlapChars, maxChars };
}
