/**
 * A Slack message's text as a question: the bot's mention removed, links and channel and user
 * references reduced to what a reader sees, and Slack's three escapes undone.
 */
export function questionText(text: string, botUserId: string): string {
  return text
    .replace(new RegExp(`<@${botUserId}(?:\\|[^>]*)?>`, 'g'), ' ')
    .replace(
      /<@([UW][A-Z0-9]+)(?:\|([^>]*))?>/g,
      (_, id: string, name?: string) => `@${name ?? id}`,
    )
    .replace(/<#[A-Z0-9]+\|([^>]*)>/g, '#$1')
    .replace(/<#([A-Z0-9]+)>/g, '#$1')
    .replace(/<!(here|channel|everyone)(?:\|[^>]*)?>/g, '@$1')
    .replace(/<!subteam\^[A-Z0-9]+(?:\|([^>]*))?>/g, (_, name?: string) => name ?? '@group')
    .replace(/<((?:https?|mailto):[^|>]+)\|([^>]*)>/g, '$2 ($1)')
    .replace(/<((?:https?|mailto):[^>]+)>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a message mentions the bot (then its `app_mention` event answers it). */
export function mentionsBot(text: string, botUserId: string): boolean {
  return new RegExp(`<@${botUserId}(?:\\|[^>]*)?>`).test(text);
}
