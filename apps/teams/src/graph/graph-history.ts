import type { HistoryTurn } from '@clarify/core';
import { teamsText } from '../bot/teams-text';
import type { GraphMessage } from './graph-message';

const ADAPTIVE_CARD = 'application/vnd.microsoft.card.adaptive';
/** The bot's working placeholder, which is not part of the conversation. */
const PLACEHOLDER = '⏳';

/**
 * A reply chain read through Graph as core reads a thread: its messages before `beforeId`,
 * oldest first, people's as the user (the bot's mention removed, other mentions as "@Name") and
 * the bot's own as the assistant (a card's first text, which the layer matches to the stored
 * answer), without placeholders, deleted messages or system events.
 */
export function graphHistory(
  messages: readonly GraphMessage[],
  options: { appId: string; beforeId: string },
): HistoryTurn[] {
  const ordered = [...messages].sort((a, b) => time(a) - time(b) || compareIds(a.id, b.id));
  const cut = ordered.findIndex((message) => isBefore(message, options.beforeId) === false);
  const earlier = cut === -1 ? ordered : ordered.slice(0, cut);
  const turns: HistoryTurn[] = [];
  for (const message of earlier) {
    if (message.deletedDateTime || (message.messageType ?? 'message') !== 'message') continue;
    const fromBot = isApp(message.from?.application?.id, options.appId);
    const text = fromBot ? botText(message) : userText(message, options.appId);
    if (text === '' || (fromBot && text.startsWith(PLACEHOLDER))) continue;
    turns.push({ role: fromBot ? 'assistant' : 'user', text });
  }
  return turns;
}

/** The bot's id in Graph is its app id; in activities `28:<app id>`. */
function isApp(id: string | undefined, appId: string): boolean {
  return id !== undefined && appId !== '' && (id === appId || id === `28:${appId}`);
}

function time(message: GraphMessage): number {
  const parsed = Date.parse(message.createdDateTime ?? '');
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** Teams message ids are milliseconds since the epoch; compared as numbers when they are. */
function compareIds(a: string, b: string): number {
  if (/^\d+$/.test(a) && /^\d+$/.test(b)) {
    const difference = BigInt(a) - BigInt(b);
    return difference === 0n ? 0 : difference > 0n ? 1 : -1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whether a message came before the one asked about (the message itself does not). */
function isBefore(message: GraphMessage, beforeId: string): boolean {
  if (message.id === beforeId) return false;
  if (!/^\d+$/.test(beforeId) || !/^\d+$/.test(message.id)) return true;
  return compareIds(message.id, beforeId) < 0;
}

function userText(message: GraphMessage, appId: string): string {
  let content = message.body?.content ?? '';
  if (message.body?.contentType !== 'html') return teamsText(escapeText(content));
  for (const mention of message.mentions ?? []) {
    if (mention.id === undefined || !isApp(mention.mentioned?.application?.id, appId)) continue;
    content = content.replace(new RegExp(`<at\\s+id="${mention.id}"[^>]*>[^<]*</at>`, 'gi'), ' ');
  }
  return teamsText(content);
}

/** Plain text read as markup would lose its `<`: escaped first. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
}

/** A card's first text that is not a note ("Interpreted as: …"), or the message's own text. */
function botText(message: GraphMessage): string {
  for (const attachment of message.attachments ?? []) {
    if (attachment.contentType !== ADAPTIVE_CARD || !attachment.content) continue;
    const text = firstCardText(attachment.content);
    if (text !== undefined) return text;
  }
  return userText(message, '');
}

function firstCardText(json: string): string | undefined {
  let card: unknown;
  try {
    card = JSON.parse(json);
  } catch {
    return undefined;
  }
  const texts: string[] = [];
  collectTexts(card, texts);
  return texts.find((text) => !text.startsWith('Interpreted as:'));
}

function collectTexts(element: unknown, texts: string[]): void {
  if (Array.isArray(element)) {
    for (const item of element) collectTexts(item, texts);
    return;
  }
  if (element === null || typeof element !== 'object') return;
  const record = element as Record<string, unknown>;
  if (record.type === 'TextBlock' && typeof record.text === 'string') {
    const text = record.text.replace(/\\([\\`*_{}[\]()#+\-.!>|~])/g, '$1').trim();
    if (text !== '') texts.push(text);
    return;
  }
  for (const key of ['body', 'items', 'columns']) collectTexts(record[key], texts);
}
