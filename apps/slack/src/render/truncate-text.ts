/**
 * Runs a cut must not fall inside: an HTML entity (`&amp;`), a `<...>` link or mention token,
 * and an `@` followed by the word joiner that neutralises `@here` and the like.
 */
const protectedRun = /&#?[A-Za-z0-9]{1,10};|<[^<>]*>|@\u2060/g;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

export type TextRun = { start: number; end: number };

/** The protected runs of `text` that start before `before`, in order. */
export function protectedRuns(text: string, before: number): TextRun[] {
  const runs: TextRun[] = [];
  for (const match of text.matchAll(protectedRun)) {
    if (match.index >= before) break;
    runs.push({ start: match.index, end: match.index + match[0].length });
  }
  return runs;
}

/** Whether cutting `text` at `cut` would split one of `runs`. */
export function cutsRun(runs: readonly TextRun[], cut: number): boolean {
  return runs.some((run) => run.start < cut && cut < run.end);
}

/**
 * The largest index ≤ `index` at which `text` can be cut without breaking an entity, a `<...>`
 * token or a surrogate pair. It is 0 when a protected run starting at 0 reaches past `index`.
 */
export function safeCutIndex(text: string, index: number): number {
  if (index >= text.length) return text.length;
  let cut = Math.max(0, index);
  const straddling = protectedRuns(text, cut).find((run) => run.end > cut);
  if (straddling) cut = straddling.start;
  if (cut > 0 && isHighSurrogate(text.charCodeAt(cut - 1))) cut -= 1;
  return cut;
}

/**
 * `text` shortened to at most `max` characters (UTF-16 units, which Slack's limits never
 * undercount), ending with "…" when shortened. Safe for escaped mrkdwn: no entity, token or
 * surrogate pair is cut in half.
 */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = safeCutIndex(text, max - 1);
  return `${text.slice(0, cut).trimEnd()}…`;
}

export { collapseWhitespace } from '@clarify/chat';
