const CODE_FENCE = /```[\s\S]*?(?:```|$)/g;
const INLINE_CODE = /`([^`\n]+)`/g;
const USER_MENTION = /<@[A-Z0-9]+(?:\|[^>]*)?>/g;
const SPECIAL_MENTION = /<!(?:here|channel|everyone|subteam\^[A-Z0-9]+)(?:\|[^>]*)?>/g;
const CHANNEL_MENTION = /<#[A-Z0-9]+(?:\|([^>]*))?>/g;
const LABELLED_LINK = /<(?:https?|mailto):[^|>\s]+\|([^>]*)>/g;
const BARE_LINK = /<(?:https?|mailto):[^>\s]+>/g;
const PLAIN_URL = /\bhttps?:\/\/\S+/g;
const EMOJI = /(?<![A-Za-z0-9]):[a-z0-9_+'-]*[a-z_+'-][a-z0-9_+'-]*:(?![A-Za-z0-9])/g;
const EMPHASIS = /(^|[\s(])([*_~])(?!\s)((?:(?!\2)[^\n])*?\S)\2(?=$|[\s).,!?;:])/g;
const QUOTE_MARKER = /^&gt;\s?|^>\s?/gm;

/**
 * Removes Slack markup from a message so that only what the person typed remains: user and
 * group mentions, links (a labelled link keeps its label), `:emoji:` codes, code fences and
 * emphasis markers. Inline code keeps its text in double quotes (it usually names something).
 * Pure; Teams text that has no such markup passes through unchanged apart from whitespace.
 */
export function stripSlackMarkup(text: string): string {
  return text
    .replace(CODE_FENCE, ' ')
    .replace(INLINE_CODE, '"$1"')
    .replace(USER_MENTION, ' ')
    .replace(SPECIAL_MENTION, ' ')
    .replace(CHANNEL_MENTION, (_match, label: string | undefined) =>
      label === undefined || label === '' ? ' ' : `#${label}`,
    )
    .replace(LABELLED_LINK, '$1')
    .replace(BARE_LINK, ' ')
    .replace(PLAIN_URL, ' ')
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
