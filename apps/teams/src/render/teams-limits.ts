/**
 * Teams refuses a message whose payload exceeds about 28 KB; a card is packed to stay well
 * within it, envelope included (RELIABILITY TM-2).
 */
export const teamsLimits = {
  /** The most a posted activity may weigh, in UTF-8 bytes of its JSON. */
  activityBytes: 28 * 1024,
  /** What the packer lets a card's body weigh, leaving room for the activity's envelope. */
  cardBodyBytes: 24 * 1024,
  /** One text block of an answer. */
  textBlockChars: 4_000,
  interpretationChars: 500,
  previewChars: 500,
  /** A button's title. */
  actionTitleChars: 80,
  headingChars: 300,
  titleChars: 200,
} as const;
