import { ENTITY_TYPE_WORDS, FUNCTION_WORDS } from './gate-words';

/** What shape a masked entity has; some shapes say what they are by themselves. */
export type EntityKind =
  | 'quoted'
  | 'ticket'
  | 'version'
  | 'reference'
  | 'channel'
  | 'email'
  | 'amount'
  | 'date'
  | 'time'
  | 'file'
  | 'number'
  | 'identifier';

/** One span replaced by `ENTITY`. */
export type MaskedEntity = {
  text: string;
  kind: EntityKind;
  /** An entity-type word is next to it ("ticket ABC-123"), or its shape names its type. */
  typed: boolean;
};

/** A message with its entities replaced by the token `ENTITY`. */
export type MaskedMessage = {
  masked: string;
  entities: MaskedEntity[];
};

/** The token that replaces an entity in `MaskedMessage.masked`. */
export const ENTITY_TOKEN = 'ENTITY';

const SELF_TYPED: ReadonlySet<EntityKind> = new Set([
  'version',
  'channel',
  'email',
  'amount',
  'date',
  'time',
  'file',
]);

const URL = /\b(?:https?:\/\/|www\.)\S+/gi;
const QUOTED =
  /"([^"\n]{1,80})"|“([^”\n]{1,80})”|‘([^’\n]{1,80})’|(?<![\p{L}\p{N}])'([^'\n]{1,80})'(?![\p{L}\p{N}])/gu;
const LEADING_PUNCTUATION = /^[([{<"'“‘]+/;
const TRAILING_PUNCTUATION = /[)\]}>"'”’.,!?;:]+$/;

/** Hyphenated words common in English and at work are not identifiers (Adobe's exemption). */
const COMMON_PREFIXES: ReadonlySet<string> = new Set(
  (
    'pre re co non self ex anti multi semi sub post cross mid half full part well e x in on off ' +
    'out up one two first third follow check sign log set opt drop back top end year long short ' +
    'high low face real cost time sick day per all so t'
  ).split(' '),
);
const COMMON_SUFFIXES: ReadonlySet<string> = new Set(
  (
    'in up out on off based free time related level wide friendly specific only like by over ' +
    'call site person party term date house hand'
  ).split(' '),
);
const ABBREVIATION = /^(?:e\.g|i\.e|etc|a\.m|p\.m|vs|u\.s|u\.k|mr|mrs|ms|dr|st|no)\.?$/i;

function isCommonHyphenated(word: string): boolean {
  if (!/^[a-z]+(?:-[a-z]+)+$/.test(word)) return false;
  const parts = word.split('-');
  return COMMON_PREFIXES.has(parts[0] ?? '') || COMMON_SUFFIXES.has(parts[parts.length - 1] ?? '');
}

function classifyToken(core: string): EntityKind | 'none' {
  if (/^\d+(?:st|nd|rd|th)$/i.test(core)) return 'none';
  if (/^[A-Z][A-Z0-9]+-\d+$/.test(core)) return 'ticket';
  if (/^v\d+(?:\.\d+)*[a-z0-9.-]*$/i.test(core) || /^\d+\.\d+\.\d+(?:[.-][a-z0-9]+)*$/i.test(core))
    return 'version';
  if (/^#\d+$/.test(core)) return 'reference';
  if (/^#[a-z][\w-]*$/i.test(core)) return 'channel';
  if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(core)) return 'email';
  if (/^[$€£]\d/.test(core) || /^\d[\d,.]*(?:%|[kmb]|usd|eur|gbp)$/i.test(core)) return 'amount';
  if (/^(?:19|20)\d{2}$/.test(core) || /^\d{4}-\d{2}-\d{2}$/.test(core)) return 'date';
  if (/^\d{1,2}\/\d{1,2}(?:\/\d{2,4})?$/.test(core) || /^q[1-4](?:-\d{2,4})?$/i.test(core))
    return 'date';
  if (/^\d{1,2}(?::\d{2})+(?:am|pm)?$/i.test(core) || /^\d{1,2}(?:am|pm)$/i.test(core))
    return 'time';
  if (/^[\w-]+\.(?:[a-z]{2,5})$/i.test(core) && /[a-z]/i.test(core.split('.')[0] ?? ''))
    return 'file';
  if (/^\d+(?:[.,]\d+)*$/.test(core)) return 'number';
  if (ABBREVIATION.test(core) || isCommonHyphenated(core.toLowerCase())) return 'none';
  if (/[\d.:_-]/.test(core)) return 'identifier';
  return 'none';
}

function isTypeWord(token: string | undefined): boolean {
  if (token === undefined) return false;
  const word = token
    .toLowerCase()
    .replace(LEADING_PUNCTUATION, '')
    .replace(TRAILING_PUNCTUATION, '');
  return ENTITY_TYPE_WORDS.has(word) || ENTITY_TYPE_WORDS.has(word.replace(/e?s$/, ''));
}

function isTyped(kind: EntityKind, tokens: readonly string[], index: number): boolean {
  if (SELF_TYPED.has(kind)) return true;
  for (let offset = -3; offset <= 2; offset++) {
    if (offset !== 0 && isTypeWord(tokens[index + offset])) return true;
  }
  if (kind === 'number') {
    const next = tokens[index + 1]?.toLowerCase().replace(TRAILING_PUNCTUATION, '');
    return next !== undefined && /^[a-z]+$/.test(next) && !FUNCTION_WORDS.has(next);
  }
  return false;
}

/**
 * Masks the entities of a message as in the Adobe paper: web links are removed; quoted strings
 * and tokens with digits, `.`, `:`, `_` or `-` (ticket keys, versions, file names, IDs) become
 * `ENTITY`. Ordinals and common hyphenated words are exempt. Each entity records whether an
 * entity-type word stands within three words before or two after it, or its shape types it.
 */
export function maskEntities(text: string): MaskedMessage {
  const entities: MaskedEntity[] = [];
  const quotedTexts: string[] = [];
  const withoutLinks = text.replace(URL, ' ');
  const withQuotesMarked = withoutLinks.replace(
    QUOTED,
    (_match, ...groups: (string | undefined)[]) => {
      quotedTexts.push(groups.slice(0, 4).find((group) => group !== undefined) ?? '');
      return ` \uE000${quotedTexts.length - 1}\uE000 `;
    },
  );
  const tokens = withQuotesMarked.split(/\s+/).filter((token) => token !== '');
  const output = tokens.map((token, index) => {
    const quoted = /^\uE000(\d+)\uE000$/.exec(token);
    if (quoted !== null) {
      entities.push({
        text: quotedTexts[Number(quoted[1])] ?? '',
        kind: 'quoted',
        typed: isTyped('quoted', tokens, index),
      });
      return ENTITY_TOKEN;
    }
    const leading = LEADING_PUNCTUATION.exec(token)?.[0] ?? '';
    const trailing = TRAILING_PUNCTUATION.exec(token.slice(leading.length))?.[0] ?? '';
    const core = token.slice(leading.length, token.length - trailing.length);
    const kind = core === '' ? 'none' : classifyToken(core);
    if (kind === 'none') return token;
    entities.push({ text: core, kind, typed: isTyped(kind, tokens, index) });
    return `${leading}${ENTITY_TOKEN}${trailing}`;
  });
  return { masked: output.join(' '), entities };
}
