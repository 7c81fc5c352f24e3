import { cutsRun, protectedRuns, safeCutIndex } from './truncate-text';

/** Below this a limit could not hold one entity or mention marker whole. */
const minimumLimit = 16;

/** Where text may be cut, best first; `after`: the cut follows the match, else precedes it. */
const boundaries: ReadonlyArray<{ pattern: RegExp; after: boolean }> = [
  { pattern: /\n[ \t]*\n/g, after: false },
  { pattern: /\n/g, after: false },
  { pattern: /[.!?…][)"'\]]*(?=\s)/g, after: true },
  { pattern: /\s/g, after: false },
];

/** Cuts of one boundary kind within the first `limit` characters that split no protected run. */
function candidateCuts(text: string, limit: number, kind: number): number[] {
  const boundary = boundaries[kind];
  if (!boundary) return [];
  const window = text.slice(0, limit + 1);
  const runs = protectedRuns(text, limit + 1);
  const cuts: number[] = [];
  for (const match of window.matchAll(boundary.pattern)) {
    const cut = boundary.after ? match.index + match[0].length : match.index;
    if (cut > 0 && cut <= limit && !cutsRun(runs, cut)) cuts.push(cut);
  }
  return cuts;
}

/**
 * The cut for the next chunk: the last paragraph break, else line break, else sentence end,
 * else space that leaves the chunk at least half full; else the latest boundary of any kind;
 * else a hard cut that splits no protected run (0 when a token at the start is too long).
 */
function findCut(text: string, limit: number): number {
  let latest = 0;
  for (let kind = 0; kind < boundaries.length; kind++) {
    const cut = candidateCuts(text, limit, kind).at(-1) ?? 0;
    if (cut >= limit / 2) return cut;
    latest = Math.max(latest, cut);
  }
  return latest > 0 ? latest : safeCutIndex(text, limit);
}

/** A `<...>` token too long for any chunk is shown as text instead of being cut in half. */
function neutraliseLeadingToken(text: string): string {
  const end = text.indexOf('>');
  return `&lt;${text.slice(1, end)}&gt;${text.slice(end + 1)}`;
}

/**
 * Escaped mrkdwn `text` as trimmed, non-empty chunks of at most `limit` characters, cut at the
 * best boundary available (paragraph, line, sentence, word) and never inside an entity such as
 * `&amp;`, a `<uri|label>` token or a surrogate pair. Whitespace at a cut is dropped;
 * whitespace-only text gives no chunks.
 */
export function splitText(text: string, limit: number): string[] {
  if (limit < minimumLimit) throw new RangeError(`splitText needs a limit of ${minimumLimit}+`);
  const chunks: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const cut = findCut(rest, limit);
    if (cut === 0) {
      rest = neutraliseLeadingToken(rest);
      continue;
    }
    chunks.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) chunks.push(rest);
  return chunks;
}
