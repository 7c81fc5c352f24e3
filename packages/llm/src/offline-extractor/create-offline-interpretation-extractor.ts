import type { InterpretationCandidate, InterpretationExtractor, Passage } from '@clarify/core';
import { detectAnswerType, satisfiesAnswerType, type AnswerType } from './answer-type';
import { contextLabel } from './context-label';
import { contentStems, questionStems } from './question-terms';
import { splitUnits } from './split-units';

export type OfflineExtractorOptions = {
  /** Share of the question's (IDF-weighted) terms a passage must contain to answer it. */
  minCoverage?: number;
};

/**
 * The offline stage 5: lexical answerability instead of an LLM. A passage answers the question
 * when it covers enough of the question's terms (weighted by how rare each is among the
 * retrieved passages) and has a sentence of the asked-for type (who → a name, how many → a
 * number, …). The interpretation is the question specialised by what distinguishes the
 * passage (its title or heading); the answer is its best supporting sentence.
 */
export function createOfflineInterpretationExtractor(
  options: OfflineExtractorOptions = {},
): InterpretationExtractor {
  const minCoverage = options.minCoverage ?? 0.5;
  return {
    extract({ question, passages }) {
      const terms = questionStems(question);
      const answerType = detectAnswerType(question);
      const weights = termWeights(terms, passages);
      const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
      const answers = passages.flatMap((passage) => {
        const unit =
          total > 0 ? bestAnswer({ passage, weights, total, answerType, minCoverage }) : null;
        return unit === null ? [] : [{ passage, unit }];
      });
      // Documents distinguish the readings; headings only when every answer is in one document.
      const oneDocument = new Set(answers.map(({ passage }) => passage.title)).size === 1;
      const questionTerms = new Set(weights.keys());
      const base = question.trim().replace(/[?.!\s]+$/, '');
      const candidates: InterpretationCandidate[] = answers.map(({ passage, unit }) => ({
        interpretation: `${base} — ${contextLabel({ passage, questionStems: questionTerms, byHeading: oneDocument })}?`,
        answer: unit,
        evidence: unit,
        passage,
      }));
      return Promise.resolve({
        candidates,
        abstained: passages.length - candidates.length,
        llmCalls: 0,
        usage: { promptTokens: 0, completionTokens: 0 },
      });
    },
  };
}

/** Inverse document frequency of each question term among the retrieved passages. */
function termWeights(terms: readonly string[], passages: readonly Passage[]): Map<string, number> {
  const stemSets = passages.map((passage) => new Set(contentStems(passageText(passage))));
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = stemSets.filter((stems) => stems.has(term)).length;
    weights.set(term, Math.log(1 + (passages.length + 1) / (frequency + 1)));
  }
  return weights;
}

/** The passage's best sentence of the asked-for type, or null when it does not answer. */
function bestAnswer(input: {
  passage: Passage;
  weights: ReadonlyMap<string, number>;
  total: number;
  answerType: AnswerType;
  minCoverage: number;
}): string | null {
  const { passage, weights, total } = input;
  const coverage = sumWeights(weights, new Set(contentStems(passageText(passage)))) / total;
  if (coverage < input.minCoverage) return null;
  let best: { unit: string; score: number } | null = null;
  for (const unit of splitUnits(passage.text)) {
    // A question in the text (an FAQ entry) is not an answer.
    if (unit.endsWith('?') || !satisfiesAnswerType(unit, input.answerType)) continue;
    const overlap = sumWeights(weights, new Set(contentStems(unit))) / total;
    // Strictly greater: the earlier sentence of a section, which usually states the rule, wins ties.
    if (best === null || overlap > best.score) best = { unit, score: overlap };
  }
  return best !== null && best.score > 0 ? best.unit : null;
}

function passageText(passage: Passage): string {
  return `${passage.title}\n${passage.headingPath.join('\n')}\n${passage.text}`;
}

function sumWeights(weights: ReadonlyMap<string, number>, present: ReadonlySet<string>): number {
  let sum = 0;
  for (const [term, weight] of weights) if (present.has(term)) sum += weight;
  return sum;
}
