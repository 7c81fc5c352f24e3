/** Fewer shared words than this are not a question stem: nothing is removed. */
const MIN_SHARED_WORDS = 3;

/**
 * The interpretations without the words all of them start with. Candidates specialise the same
 * question, so its shared wording dominates their embeddings and hides how they differ;
 * clustering then compares what differs ("— VPN (GlobalProtect)?" vs "— Okta SSO?").
 */
export function withoutSharedPrefix(texts: readonly string[]): string[] {
  if (texts.length < 2) return [...texts];
  const split = texts.map((text) => text.trim().split(/\s+/));
  const first = split[0] ?? [];
  const shortest = Math.min(...split.map((words) => words.length));
  let shared = 0;
  while (
    shared < shortest - 1 &&
    split.every((words) => words[shared]?.toLowerCase() === first[shared]?.toLowerCase())
  ) {
    shared++;
  }
  if (shared < MIN_SHARED_WORDS) return [...texts];
  return split.map((words) => words.slice(shared).join(' '));
}
