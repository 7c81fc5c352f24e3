/**
 * Text from documents or the LLM as a TextBlock shows it, literally: Teams' markdown subset
 * (emphasis, lists, headings, links, code) escaped with backslashes, and `<` turned into a
 * look-alike so that no `<at>` mention or HTML tag can form. Cards mention nobody unless
 * `msteams.entities` says so, and the app never sets it.
 */
export function escapeCardText(text: string): string {
  return text
    .replace(/[\\`*_[\]()#+\-!>~|{}]/g, (char) => `\\${char}`)
    .replace(/</g, '‹')
    .replace(/^(\s*)(\d+)\./gm, '$1$2\\.');
}

/** Whitespace runs as single spaces, trimmed, at most `max` characters (ending "…"). */
export function oneLine(text: string, max: number): string {
  return clip(text.replace(/\s+/g, ' ').trim(), max);
}

/** At most `max` characters, cut before a surrogate pair's half, ending "…" when cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = max - 1;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  // A cut right after a backslash would escape the ellipsis instead of the next character.
  while (cut > 0 && text[cut - 1] === '\\') cut -= 1;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/** An http(s) URI safe inside `[title](uri)`: parentheses, spaces and angle brackets encoded. */
export function linkTarget(uri: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  return parsed.href.replace(
    /[()\s<>[\]]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}
