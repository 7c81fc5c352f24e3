import { truncateText } from './truncate-text';

/** The longest label `safeLink` writes, in escaped characters. */
export const maxLinkLabelLength = 300;

/** The longest URI `safeLink` turns into a link; a longer one is shown as its label only. */
export const maxLinkUriLength = 1000;

const broadcastMention = /@(?=channel|here|everyone)/gi;
const linkableUri = /^https?:\/\/[^\s<>|\p{Cc}]+$/iu;

/** A word joiner after the `@` of `@channel`, `@here` and `@everyone`, so none notifies. */
export function neutraliseBroadcasts(text: string): string {
  return text.replace(broadcastMention, '@\u2060');
}

/**
 * Text from documents or an LLM made inert for mrkdwn: `&`, `<` and `>` become entities, so it
 * cannot form `<!channel>`, `<@U…>`, `<#C…>` or a link, and a word joiner after `@` stops bare
 * `@channel`, `@here` and `@everyone` from notifying anyone.
 */
export function escapeMrkdwn(text: string): string {
  return neutraliseBroadcasts(
    text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
  );
}

/** Whether `uri` may be a link: http(s), ≤ 1000 characters, no whitespace, `<>|` or controls. */
export function isLinkableUri(uri: string): boolean {
  return uri.length <= maxLinkUriLength && linkableUri.test(uri);
}

/**
 * `<uri|label>` for an http(s) URI; anything else (a file path, `javascript:`, a URI with
 * spaces or brackets) is not a link and only the escaped label is returned. The label is
 * escaped, loses `|` and `>`, is kept on one line and shortened to `maxLinkLabelLength`.
 */
export function safeLink(uri: string, label: string): string {
  const cleaned = label.replace(/[|>]/g, '').replace(/\s+/g, ' ').trim();
  const text = truncateText(escapeMrkdwn(cleaned), maxLinkLabelLength);
  if (!isLinkableUri(uri)) return text || truncateText(escapeMrkdwn(uri), maxLinkLabelLength);
  return text ? `<${uri}|${text}>` : `<${uri}>`;
}
