import { matchFenceOpening } from './markdown-syntax';

type Span = { start: number; end: number };
type Level = 'sentence' | 'line' | 'word' | 'character';

const separators: Record<Exclude<Level, 'character'>, RegExp> = {
  sentence: /(?<=[.!?…]["'”’)\]]*)\s+(?=["'“‘([]?[\p{Lu}\p{N}])|(?<=[。！？])\s*/gu,
  line: /[^\S\n]*\n\s*/g,
  word: /\s+/g,
};
const nextLevel: Record<Level, Level> = {
  sentence: 'line',
  line: 'word',
  word: 'character',
  character: 'character',
};

/**
 * Splits prose into pieces of at most `budget` characters: at sentence boundaries first,
 * then line breaks, then words, and only inside a word when a single word is too long.
 */
export function splitText(text: string, budget: number): string[] {
  const trimmed = text.trim();
  const limit = budget - 1;
  if (trimmed.length <= limit) return trimmed === '' ? [] : [neutraliseFence(trimmed)];
  const spans = atoms(trimmed, { start: 0, end: trimmed.length }, 'sentence', limit);
  const pieces: string[] = [];
  let first = spans[0];
  let last = first;
  for (const span of spans.slice(1)) {
    if (first && span.end - first.start > limit) {
      pieces.push(trimmed.slice(first.start, last?.end));
      first = span;
    }
    last = span;
  }
  if (first) pieces.push(trimmed.slice(first.start, last?.end));
  return pieces.map(neutraliseFence);
}

/** The trailing whole sentences of `text` that fit in `limit` characters ('' when none fit). */
export function trailingSentences(text: string, limit: number): string {
  const spans = spansAt(text, { start: 0, end: text.length }, 'sentence');
  let start = text.length;
  for (let index = spans.length - 1; index >= 0; index -= 1) {
    const span = spans[index];
    if (!span || text.length - span.start > limit) break;
    start = span.start;
  }
  return neutraliseFence(text.slice(start).trim());
}

/**
 * A piece cut out of a line may begin with a fence marker that was mid-line in the source;
 * a backslash keeps it from opening a code block in the chunk.
 */
function neutraliseFence(piece: string): string {
  return matchFenceOpening(piece) ? `\\${piece}` : piece;
}

function atoms(text: string, span: Span, level: Level, budget: number): Span[] {
  return spansAt(text, span, level).flatMap((part) =>
    part.end - part.start <= budget || level === 'character'
      ? [part]
      : atoms(text, part, nextLevel[level], budget),
  );
}

function spansAt(text: string, span: Span, level: Level): Span[] {
  if (level === 'character') return characterSpans(text, span);
  const spans: Span[] = [];
  const pattern = new RegExp(separators[level].source, separators[level].flags);
  const region = text.slice(span.start, span.end);
  let start = 0;
  for (const match of region.matchAll(pattern)) {
    if (match.index > start)
      spans.push({ start: span.start + start, end: span.start + match.index });
    start = match.index + match[0].length;
  }
  if (start < region.length) spans.push({ start: span.start + start, end: span.end });
  return spans;
}

function characterSpans(text: string, span: Span): Span[] {
  const spans: Span[] = [];
  let offset = span.start;
  for (const character of text.slice(span.start, span.end)) {
    spans.push({ start: offset, end: offset + character.length });
    offset += character.length;
  }
  return spans;
}
