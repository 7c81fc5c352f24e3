import type { ChunkLimits } from './chunk-limits';
import { isBlank, isFenceClosing, matchFenceOpening } from './markdown-syntax';
import type { CodeBlock } from './parse-blocks';
import { renderBlock } from './render-block';
import { splitText } from './split-text';

const minimumBodyChars = 16;

/**
 * Renders a fenced code block as one piece, or, when it alone exceeds `maxChars`, as pieces split
 * between lines, each re-opening and closing the fence so it stays valid Markdown on its own.
 */
export function splitCodeBlock(block: CodeBlock, limits: ChunkLimits): string[] {
  if (block.lines.every(isBlank)) return [];
  const whole = renderBlock(block);
  if (whole.length <= limits.maxChars) return [whole];
  const fences = fitFences(block, limits);
  if (!fences) return splitText(block.lines.map(escapeFenceLine).join('\n'), limits.targetChars);
  const budget = fences.budget;
  const pieces: string[] = [];
  let current: string[] = [];
  let length = -1;
  const marker = matchFenceOpening(fences.opening)?.marker ?? '```';
  for (const line of block.lines.flatMap((line) => cutLine(line, budget, marker))) {
    if (current.length > 0 && length + 1 + line.length > budget) {
      pieces.push([fences.opening, ...current, fences.closing].join('\n'));
      current = [];
      length = -1;
    }
    current.push(line);
    length += 1 + line.length;
  }
  if (current.length > 0) pieces.push([fences.opening, ...current, fences.closing].join('\n'));
  return pieces;
}

type Fences = { opening: string; closing: string; budget: number };

function fitFences(block: CodeBlock, limits: ChunkLimits): Fences | null {
  const marker = matchFenceOpening(block.opening)?.marker ?? '```';
  const candidates: Fences[] = [
    { opening: block.opening.trim(), closing: block.closing.trim(), budget: limits.targetChars },
    { opening: marker, closing: marker, budget: limits.targetChars },
    { opening: marker, closing: marker, budget: limits.maxChars },
  ].map((fences) => ({
    ...fences,
    budget: fences.budget - fences.opening.length - fences.closing.length - 2,
  }));
  return candidates.find((fences) => fences.budget >= minimumBodyChars) ?? null;
}

/** Cuts an over-long line; a segment that would read as a closing fence gets a backslash. */
function cutLine(line: string, budget: number, marker: string): string[] {
  if (line.length <= budget) return [line];
  const segments: string[] = [];
  let current = '';
  for (const character of line) {
    if (current.length + character.length > budget - 1) {
      segments.push(current);
      current = '';
    }
    current += character;
  }
  segments.push(current);
  return segments.map((segment) => (isFenceClosing(segment, marker) ? `\\${segment}` : segment));
}

function escapeFenceLine(line: string): string {
  return matchFenceOpening(line) ? line.replace(/^(\s*)/, '$1\\') : line;
}
