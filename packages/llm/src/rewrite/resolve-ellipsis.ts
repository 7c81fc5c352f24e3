import { findMentions, type Mention, type MentionKind } from './find-mentions';
import { replaceSpan } from './message-words';
import { DETERMINERS } from './rewrite-words';

/** An elliptical follow-up: the new entity it asks about, and the preposition it used. */
export type FollowUp = {
  /** The new entity as written, its determiner included ("the contractors", "Boston"). */
  surface: string;
  kind: MentionKind;
  preposition: string | null;
};

const LEADING_CONNECTIVES = /^(?:(?:and|but|so|also|ok|okay|then|hmm|right|well)\b[,\s]*)+/i;
const WHAT_ABOUT = /^(?:what|how)(?:['’]s|\s+is)?\s+about\s+(.+)$/i;
const SAME_FOR =
  /^(?:(?:is|was|would|does|will)\s+(?:it|that|this)\s+(?:be\s+)?)?(?:the\s+)?same\s+(?:thing\s+)?((?:for|in|at|with|on|from|during)\s+.+)$/i;
const PREPOSITIONAL = /^(for|in|at|with|on|from|during|regarding)\s+(.+)$/i;
const MAX_ENTITY_WORDS = 5;

/**
 * Recognises an elliptical follow-up that swaps one entity for another: "what about
 * Boston?", "how about v3?", "and for contractors?", "same for Rotterdam?", "and ABC-124?".
 * Returns null for anything else, including longer fragments that carry their own question.
 */
export function parseFollowUp(message: string): FollowUp | null {
  const trimmed = message.trim().replace(/[?.!\s]+$/, '');
  const withoutConnective = trimmed.replace(LEADING_CONNECTIVES, '');
  const hadConnective = withoutConnective !== trimmed;
  const rest =
    WHAT_ABOUT.exec(withoutConnective)?.[1] ??
    SAME_FOR.exec(withoutConnective)?.[1] ??
    (hadConnective || wordCount(withoutConnective) <= 3 ? withoutConnective : null);
  if (rest === null || rest === '') return null;
  const prepositional = PREPOSITIONAL.exec(rest);
  const preposition = prepositional?.[1]?.toLowerCase() ?? null;
  const entityText = (prepositional?.[2] ?? rest).trim();
  if (wordCount(entityText) > MAX_ENTITY_WORDS) return null;
  const mentions = findMentions(entityText, { fragment: true });
  const named = mentions.find((mention) => mention.kind !== 'phrase');
  if (named !== undefined) {
    // A bare fragment must be the entity alone ("Boston?"), not a question about it.
    if (
      !isWhole(named, entityText) &&
      preposition === null &&
      WHAT_ABOUT.exec(withoutConnective) === null
    )
      return null;
    return { surface: entityText.slice(named.start, named.end), kind: named.kind, preposition };
  }
  const isAboutForm = WHAT_ABOUT.test(withoutConnective) || preposition !== null;
  if (!isAboutForm || !/^[\p{L}\s'-]+$/u.test(entityText)) return null;
  return { surface: entityText, kind: 'phrase', preposition };
}

/**
 * Rebuilds the previous question for a follow-up: the last mention of the same kind (a
 * version for a version, a name for a name, the phrase after the same preposition for a
 * phrase) is replaced by the new entity; without one, the entity is appended
 * ("… for contractors?").
 */
export function applyFollowUp(previousQuestion: string, followUp: FollowUp): string {
  const target = findTarget(
    findMentions(previousQuestion, { compounds: followUp.kind !== 'version' }),
    followUp,
  );
  if (target !== null)
    return replaceSpan(previousQuestion, target.start, target.end, followUp.surface);
  const base = previousQuestion.trim().replace(/[?.!\s]+$/, '');
  return `${base} ${followUp.preposition ?? 'for'} ${followUp.surface}?`;
}

function findTarget(mentions: readonly Mention[], followUp: FollowUp): Mention | null {
  const compatible = mentions.filter((mention) => isSameKind(mention.kind, followUp.kind));
  const samePreposition = compatible.filter(
    (mention) => followUp.preposition !== null && mention.preposition === followUp.preposition,
  );
  const pool =
    followUp.kind === 'phrase'
      ? samePreposition.length > 0
        ? samePreposition
        : followUp.preposition === null
          ? compatible.filter((mention) => mention.preposition !== null)
          : []
      : samePreposition.length > 0
        ? samePreposition
        : compatible;
  return pool[pool.length - 1] ?? null;
}

function isSameKind(kind: MentionKind, wanted: MentionKind): boolean {
  if (kind === wanted) return true;
  return (
    (kind === 'ticket' || kind === 'identifier') && (wanted === 'ticket' || wanted === 'identifier')
  );
}

function isWhole(mention: Mention, text: string): boolean {
  const before = text.slice(0, mention.start).trim().toLowerCase();
  return text.slice(mention.end).trim() === '' && (before === '' || DETERMINERS.has(before));
}

function wordCount(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}
