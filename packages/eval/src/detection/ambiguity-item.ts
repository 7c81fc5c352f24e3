/** A single message and the gold answer to "does it need a clarifying question?". */
export type AmbiguityItem = {
  message: string;
  ambiguous: boolean;
};
