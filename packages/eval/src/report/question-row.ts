import type { QuestionScore } from '../metrics/score-question';
import type { QuestionRun } from '../types';
import type { QuestionRow } from './report-types';

/** The per-question row of `report.json`: what the strategy showed and how it scored. */
export function toQuestionRow(run: QuestionRun, score: QuestionScore): QuestionRow {
  const { question, cost } = run;
  const row: QuestionRow = {
    id: question.id,
    question: question.question,
    category: question.category,
    ambiguous: question.ambiguous,
    expected: score.expected,
    decision: score.decision,
    decision_correct: score.decisionCorrect,
    interpretations: run.interpretations.map((interpretation) => ({
      text: interpretation.text,
      answer: interpretation.answer,
      citations: interpretation.citations.map((citation) => citation.id),
    })),
    predicted: score.predicted,
    gold: score.gold,
    matches: score.matches,
    grounded_matches: score.groundedMatches,
    answer_em: score.answerEm,
    citations: score.citations,
    correct_citations: score.correctCitations,
    llm_calls: cost.llmCalls,
    prompt_tokens: cost.promptTokens,
    completion_tokens: cost.completionTokens,
    retrieval_calls: cost.retrievalCalls,
    latency_ms: cost.latencyMs,
    extra: question.extra,
  };
  return run.error === undefined ? row : { ...row, error: run.error };
}
