import type { HistoryTurn } from '@clarify/core';
import type { ThreadMessage } from '../web/slack-web';
import { questionText } from './question-text';

export type BotIdentity = { userId: string; botId: string | undefined };

/**
 * The thread before a message, as core reads it: everyone's messages (the bot's own as the
 * assistant), without the message itself, messages after it, the bot's "working…"
 * placeholders, and edits, joins and other non-message events. Each text is as a reader sees
 * it (`questionText`): mentions of the bot dropped, Slack's links, mentions and escapes turned
 * into words. Core reads words, not Slack markup.
 */
export function threadHistory(
  messages: readonly ThreadMessage[],
  options: { beforeTs: string; bot: BotIdentity; isPlaceholder: (text: string) => boolean },
): HistoryTurn[] {
  const { bot } = options;
  const turns: HistoryTurn[] = [];
  for (const message of messages) {
    if (compareTs(message.ts, options.beforeTs) >= 0) continue;
    const fromBot =
      message.user === bot.userId || (message.botId !== undefined && message.botId === bot.botId);
    if (message.subtype !== undefined && message.subtype !== 'bot_message' && !fromBot) continue;
    if (fromBot && options.isPlaceholder(message.text)) continue;
    const text = questionText(message.text, bot.userId);
    if (text === '') continue;
    turns.push({ role: fromBot ? 'assistant' : 'user', text });
  }
  return turns;
}

/** Orders Slack timestamps ("1700000000.000100") numerically, without float rounding. */
export function compareTs(a: string, b: string): number {
  const [aSeconds = '0', aMicros = '0'] = a.split('.');
  const [bSeconds = '0', bMicros = '0'] = b.split('.');
  const seconds = BigInt(aSeconds) - BigInt(bSeconds);
  if (seconds !== 0n) return seconds > 0n ? 1 : -1;
  const micros = BigInt(aMicros.padEnd(6, '0')) - BigInt(bMicros.padEnd(6, '0'));
  return micros === 0n ? 0 : micros > 0n ? 1 : -1;
}
