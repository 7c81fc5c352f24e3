import { ClarifyError } from '@clarify/core';

/** A choice among a clarification's options, as a button carries it. */
export type Choice = { clarificationId: string; optionId: string };

const idPattern = '[A-Za-z0-9-]{1,100}';
const optionPattern = '[0-9]{1,9}|all|none';
const opaqueId = new RegExp(`^${idPattern}$`);
const optionId = new RegExp(`^(?:${optionPattern})$`);
const choiceValue = new RegExp(`^c1:(${idPattern}):(${optionPattern})$`);
const feedbackValue = new RegExp(`^f1:(${idPattern})$`);

function invalid(what: string): ClarifyError {
  return new ClarifyError('invalid_input', `${what} cannot be put in a button value`);
}

/** `c1:<clarificationId>:<optionId>`: opaque ids only, the state stays in the database. */
export function encodeChoice(choice: Choice): string {
  if (!opaqueId.test(choice.clarificationId)) throw invalid('The clarification id');
  if (!optionId.test(choice.optionId)) throw invalid('The option id');
  return `c1:${choice.clarificationId}:${choice.optionId}`;
}

/** The choice in a button value, or null for anything `encodeChoice` cannot have written. */
export function decodeChoice(value: string): Choice | null {
  const match = choiceValue.exec(value);
  if (!match?.[1] || !match[2]) return null;
  return { clarificationId: match[1], optionId: match[2] };
}

/** `f1:<answerId>`. */
export function encodeFeedback(answerId: string): string {
  if (!opaqueId.test(answerId)) throw invalid('The answer id');
  return `f1:${answerId}`;
}

/** The answer id in a feedback button value, or null when the value was not written by us. */
export function decodeFeedback(value: string): string | null {
  return feedbackValue.exec(value)?.[1] ?? null;
}
