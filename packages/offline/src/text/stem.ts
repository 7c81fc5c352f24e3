const LOWER_CASE_WORD = /^[a-z]+$/;
const VOWEL = /[aeiouy]/;

/**
 * A light, conservative stemmer: strips plural -s/-es/-ies, -ing/-ed/-ied, -ly and a final -e,
 * so "resetting", "resets" and "reset" meet, and so do "policies"/"policy" and "update"/
 * "updated"/"updating". Words shorter than four letters and tokens with digits ("v3", "2fa")
 * are left alone. The output is a matching key, not always an English word ("updat").
 */
export function stem(word: string): string {
  if (word.length < 4 || !LOWER_CASE_WORD.test(word)) return word;
  const withoutPlural = stripPlural(word);
  const withoutVerbEnding = stripVerbEnding(withoutPlural);
  const withoutAdverbEnding = stripAdverbEnding(withoutVerbEnding);
  return stripFinalE(withoutAdverbEnding);
}

function stripPlural(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (/(?:sh|ch|x|z)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function stripVerbEnding(word: string): string {
  if (word.endsWith('ied') && word.length > 4) return `${word.slice(0, -3)}y`;
  for (const suffix of ['ing', 'ed']) {
    if (!word.endsWith(suffix)) continue;
    const base = word.slice(0, -suffix.length);
    if (base.length < 3 || !VOWEL.test(base)) return word;
    return undouble(base);
  }
  return word;
}

/** "stopp" → "stop", "sett" → "set"; keeps "install", "miss", "buzz" and three-letter "add". */
function undouble(base: string): string {
  const last = base.charAt(base.length - 1);
  const isDoubled = base.length > 3 && last === base.charAt(base.length - 2);
  if (isDoubled && !VOWEL.test(last) && !'lsz'.includes(last)) return base.slice(0, -1);
  return base;
}

/** "quickly" → "quick"; short words ("family") and -ply/-bly words ("apply", "assembly") stay. */
function stripAdverbEnding(word: string): string {
  if (!word.endsWith('ly') || word.length < 7 || /[pb]ly$/.test(word)) return word;
  return word.slice(0, -2);
}

function stripFinalE(word: string): string {
  return word.endsWith('e') && word.length >= 4 ? word.slice(0, -1) : word;
}
