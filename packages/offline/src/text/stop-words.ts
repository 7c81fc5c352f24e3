/**
 * A compact English stop-word list: function words that carry no topic. Words that can carry
 * meaning in a knowledge base ("off" in "time off", "up" in "set up", "new", "first") are kept.
 * The last line holds the pieces that splitting contractions on the apostrophe leaves behind.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about after again all also am an and any are as at
  be because been before being between both but by can could did do does doing during each
  either for from further had has have having he her here hers herself him himself his how
  i if in into is it its itself just let may me might more most must my myself neither no
  nor not of on once only or other our ours ourselves own please same shall she should so
  some such than that the their theirs them themselves then there these they this those
  through to too under until us very was we were what when where which while who whom why
  will with would you your yours yourself yourselves
  s t d ll m re ve`.split(/\s+/),
);

/** Whether a normalised (lower-case, unaccented) token is an English stop word. */
export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}
