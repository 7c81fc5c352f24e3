import type { BenchmarkQuestion, Decision, GoldInterpretation, QuestionRun } from '../types';
import { maximumMatching, type MatchedPair } from './maximum-matching';
import { containsAnyPhrase, normalize } from './normalize';

/** How one run of one question scores; `aggregate` sums these into figures. */
export type QuestionScore = {
  id: string;
  category: string;
  ambiguous: boolean;
  expected: Decision;
  /** The decision that is scored: the run's, or `no-answer` when the run failed. */
  decision: Decision;
  decisionCorrect: boolean;
  /** Interpretations shown: the options of a clarify, 1 for an answer, 0 otherwise. */
  predicted: number;
  gold: number;
  /** Size of the maximum one-to-one matching on answer text alone (for information). */
  matches: number;
  /** Size of the maximum one-to-one matching on edges that match and are grounded. */
  groundedMatches: number;
  /** That matching: `left` is a predicted index, `right` a gold index. Its gold are the gold with a grounded match. */
  groundedPairs: MatchedPair[];
  /** For an `answer` on a clear question: a gold alias is in the answer. Null otherwise. */
  answerEm: boolean | null;
  /** Cited passages over all interpretations shown, each citation counted. */
  citations: number;
  /** Those whose id is a gold passage of any gold interpretation or whose text has a gold alias. */
  correctCitations: number;
  /** Options offered, for a clarify only. */
  options: number | null;
};

type PreparedGold = { aliases: string[]; passages: Set<string> };
type PreparedCitation = { id: string; text: string };
type PreparedPrediction = { answer: string; citations: PreparedCitation[] };

export function expectedDecision(question: BenchmarkQuestion): Decision {
  if (question.ambiguous) return 'clarify';
  return question.interpretations.length > 0 ? 'answer' : 'no-answer';
}

/**
 * Scores one run against its question's gold (BENCHMARK-FORMAT "What the system's output is
 * scored on").
 *
 * The one-to-one matching that counts is the maximum matching over edges that both match (the
 * answer contains a gold alias) and are grounded (a citation is a gold passage or contains a gold
 * alias). Matching first on answers and checking grounding afterwards could pair a prediction with
 * a gold it matches but does not ground, while another pairing would have grounded both; the spec
 * scores grounded matches, so the matching maximises them.
 */
export function scoreQuestion(run: QuestionRun): QuestionScore {
  const { question } = run;
  const decision: Decision = run.error === undefined ? run.decision : 'no-answer';
  // A no-answer shows the user no interpretation (and a failed run nothing at all), whatever the
  // run recorded, so it predicts nothing: it cannot lose precision or gain recall.
  const shown = decision === 'no-answer' ? [] : run.interpretations;
  const predictions: PreparedPrediction[] = shown.map((interpretation) => ({
    answer: normalize(interpretation.answer),
    citations: interpretation.citations.map((citation) => ({
      id: citation.id,
      text: normalize(citation.text),
    })),
  }));
  const golds = question.interpretations.map(prepareGold);

  const groundedPairs = maximumMatching(
    predictions,
    golds,
    (prediction, gold) => answerMatches(prediction, gold) && grounds(prediction, gold),
  );

  const expected = expectedDecision(question);
  const citations = predictions.flatMap((prediction) => prediction.citations);
  return {
    id: question.id,
    category: question.category,
    ambiguous: question.ambiguous,
    expected,
    decision,
    decisionCorrect: decision === expected,
    predicted: predictions.length,
    gold: golds.length,
    matches: maximumMatching(predictions, golds, answerMatches).length,
    groundedMatches: groundedPairs.length,
    groundedPairs,
    answerEm: answerExactMatch(decision, question.ambiguous, predictions, golds),
    citations: citations.length,
    correctCitations: citations.filter((citation) =>
      golds.some((gold) => citationSupports(citation, gold)),
    ).length,
    options: decision === 'clarify' ? predictions.length : null,
  };
}

function prepareGold(gold: GoldInterpretation): PreparedGold {
  return { aliases: gold.answers.map(normalize), passages: new Set(gold.passages) };
}

function answerMatches(prediction: PreparedPrediction, gold: PreparedGold): boolean {
  return containsAnyPhrase(prediction.answer, gold.aliases);
}

function grounds(prediction: PreparedPrediction, gold: PreparedGold): boolean {
  return prediction.citations.some((citation) => citationSupports(citation, gold));
}

function citationSupports(citation: PreparedCitation, gold: PreparedGold): boolean {
  return gold.passages.has(citation.id) || containsAnyPhrase(citation.text, gold.aliases);
}

/**
 * STR-EM is only defined for a direct answer to a clear question. A clear question without gold
 * that is answered anyway scores false: no alias can be in the answer.
 */
function answerExactMatch(
  decision: Decision,
  ambiguous: boolean,
  predictions: PreparedPrediction[],
  golds: PreparedGold[],
): boolean | null {
  if (decision !== 'answer' || ambiguous) return null;
  return predictions.some((prediction) => golds.some((gold) => answerMatches(prediction, gold)));
}
