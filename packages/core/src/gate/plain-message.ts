const CODE_FENCE = /```[\s\S]*?(?:```|$)/g;
const INLINE_CODE = /`([^`\n]+)`/g;
const PLAIN_URL = /\bhttps?:\/\/[^\s)]+/g;
const EMOJI = /(?<![A-Za-z0-9]):[a-z0-9_+'-]*[a-z_+'-][a-z0-9_+'-]*:(?![A-Za-z0-9])/g;
const EMPHASIS = /(^|[\s(])([*_~])(?!\s)((?:(?!\2)[^\n])*?\S)\2(?=$|[\s).,!?;:])/g;
const QUOTE_MARKER = /^>\s?/gm;

/**
 * A chat message as words only, whatever platform sent it: code fences dropped, inline code
 * kept in double quotes (it usually names something), links, `:emoji:` codes, emphasis and
 * quote markers removed, HTML's three escapes undone, white space folded. Platform syntax (Slack's `<@U123>` mentions and
 * `<url|label>` links, Teams' `<at>` tags) is the adapter's to turn into text first.
 */
export function plainMessage(text: string): string {
  return text
    .replace(CODE_FENCE, ' ')
    .replace(INLINE_CODE, '"$1"')
    .replace(PLAIN_URL, ' ')
    .replace(/\(\s*\)/g, ' ')
    .replace(EMOJI, ' ')
    .replace(QUOTE_MARKER, '')
    .replace(EMPHASIS, '$1$3')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .replace(/\s+([?!.,;:])/g, '$1')
    .trim();
}
