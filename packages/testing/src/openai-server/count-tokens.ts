/** A rough token count, about four characters per token as OpenAI's rule of thumb says. */
export function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
