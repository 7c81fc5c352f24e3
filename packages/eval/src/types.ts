/** One document of a benchmark's corpus (`corpus.jsonl`, or a file under `docs/`). */
export type CorpusDocument = { id: string; title: string; text: string };

/** A grounded gold sense of a question (benchmark format v1). */
export type GoldInterpretation = {
  question: string;
  /** Aliases of the answer; each appears in a gold passage. */
  answers: string[];
  /** Corpus ids (or paths under `docs/`) of the passages that ground it. */
  passages: string[];
};

export type HistoryEntry = { role: 'user' | 'assistant'; text: string };

/** One line of `questions.jsonl`. */
export type BenchmarkQuestion = {
  id: string;
  question: string;
  history: HistoryEntry[];
  /** Whether the right behaviour is to offer interpretations. */
  ambiguous: boolean;
  /** Empty for a question the corpus cannot answer. */
  interpretations: GoldInterpretation[];
  /** "uncategorised" when the line has none. */
  category: string;
  /** Every other field of the line, carried into the report. */
  extra: Record<string, unknown>;
};

export type Decision = 'answer' | 'clarify' | 'no-answer';

/** A passage a prediction cites: its document id and its text (for the alias check). */
export type CitedPassage = { id: string; text: string };

/** One interpretation a strategy showed (a clarify option, or the direct answer). */
export type PredictedInterpretation = {
  text: string;
  /** The answer text scored against the gold aliases. */
  answer: string;
  citations: CitedPassage[];
};

export type QuestionCost = {
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  retrievalCalls: number;
  /** Wall time of the question (ask only), in ms. */
  latencyMs: number;
};

/** What one strategy did with one question. */
export type QuestionRun = {
  question: BenchmarkQuestion;
  decision: Decision;
  /** For `answer`: one entry, the answer itself. For `clarify`: the options. Empty otherwise. */
  interpretations: PredictedInterpretation[];
  cost: QuestionCost;
  /** Set when the question failed with an error (scored as a no-answer). */
  error?: string;
};
