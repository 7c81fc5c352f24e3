const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * Teams message markup as words: `<at>` mentions as "@Name", line breaks kept as spaces, other
 * tags dropped, entities decoded, whitespace collapsed. Mentions of the bot are removed by the
 * caller first (their markup differs between activities and Graph).
 */
export function teamsText(markup: string): string {
  return markup
    .replace(/<at(?:\s[^>]*)?>([^<]*)<\/at>/gi, '@$1')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
