const NON_ASCII = /[\u0080-\uffff]/;
const COMBINING_MARKS = /\p{M}+/gu;
const UNICODE_WORD = /[\p{L}\p{N}]+/gu;

/**
 * Splits text into normalised tokens: lower-cased, NFKD-decomposed with diacritics removed
 * ("Café" → "cafe"), split on anything that is not a letter or a digit. Numbers and mixed tokens
 * such as "v3" or "2fa" are kept whole. ASCII text takes a fast path with the same result.
 */
export function tokenize(text: string): string[] {
  const lower = text.toLowerCase();
  if (NON_ASCII.test(lower)) {
    const plain = lower.normalize('NFKD').replace(COMBINING_MARKS, '');
    return plain.match(UNICODE_WORD) ?? [];
  }
  return tokenizeAscii(lower);
}

function tokenizeAscii(lower: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let index = 0; index <= lower.length; index++) {
    const code = index < lower.length ? lower.charCodeAt(index) : 0;
    const isWordCode = (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
    if (isWordCode) {
      if (start < 0) start = index;
    } else if (start >= 0) {
      tokens.push(lower.slice(start, index));
      start = -1;
    }
  }
  return tokens;
}
