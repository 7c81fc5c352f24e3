import type { ReplyRenderer } from '@clarify/chat';
import type { TeamsMessage } from './adaptive-card';
import { renderCards, renderChosen } from './render-card';

/** A plain-text message: Teams shows it as typed, no markdown, no mention. */
export function plainMessage(text: string): TeamsMessage {
  return { type: 'message', text, textFormat: 'plain' };
}

/** Teams' markdown for the admin texts: `**bold**`, `` `code` ``. */
export const teamsStyle = {
  bold: (text: string) => `**${text}**`,
  code: (text: string) => `\`${text}\``,
};

/** The conversation layer's views as Teams messages and Adaptive Cards. */
export const teamsRenderer: ReplyRenderer<TeamsMessage> = {
  working: (text) => plainMessage(`⏳ ${text}`),
  notice: (text, tone) => plainMessage(tone === 'warning' ? `⚠️ ${text}` : text),
  reply: renderCards,
  chosen: (_clicked, chosen) => renderChosen(chosen),
  // Without the user's display name a mention cannot be formed; the role says who.
  mention: () => 'the person who asked',
  ...teamsStyle,
};
