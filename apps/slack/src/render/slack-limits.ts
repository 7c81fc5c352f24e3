/**
 * Block Kit limits the renderer keeps every message within (RELIABILITY SL-6). Slack documents
 * most of them; `messageBlockText` and `fallbackText` are our own, chosen below Slack's ceilings
 * so that a message is never rejected for size.
 */
export const slackLimits = {
  /** Blocks in one message. */
  blocksPerMessage: 50,
  /** The text of a section block. */
  sectionText: 3000,
  /** The plain_text of a button. */
  buttonText: 75,
  /** The value a button sends back. */
  buttonValue: 2000,
  /** Elements in one actions block. */
  actionsElements: 25,
  /** Elements in one context block. */
  contextElements: 10,
  /** The text of one context element. */
  contextElementText: 2000,
  /** All block text of one message together (section, context and button texts). */
  messageBlockText: 12_000,
  /** The top-level `text` of a message, shown in notifications. */
  fallbackText: 3000,
  /** The plain_text of a header block. */
  headerText: 150,
} as const;

/** The limits' names and values, for code that takes them as a parameter. */
export type SlackLimits = typeof slackLimits;
