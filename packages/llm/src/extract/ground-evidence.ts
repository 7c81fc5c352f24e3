import { tokenize } from '@clarify/offline';

/**
 * The evidence to keep for a candidate: the model's span when the passage holds it, compared
 * as whole lower-case word tokens (so case, whitespace, punctuation, quotes and Markdown the
 * model dropped or added do not matter). Otherwise the answer: the reading is still grounded in
 * its passage (the model was shown only that passage), but a span the passage does not contain
 * must not be shown or matched as a quote of it. The answer writers look the stored text up in
 * the passage themselves and ignore it when it cannot be found.
 */
export function groundEvidence(
  evidence: string | null,
  answer: string,
  passageText: string,
): string {
  const span = evidence?.trim() ?? '';
  const key = tokenize(span).join(' ');
  if (key === '') return answer;
  return ` ${tokenize(passageText).join(' ')} `.includes(` ${key} `) ? span : answer;
}
