import type { InterpretationCandidate, InterpretationExtractor, Passage } from '@clarify/core';
import { detectAnswerType, satisfiesAnswerType, type AnswerType } from './answer-type';
import { contextLabel } from './context-label';
import { contentStems, questionStems } from './question-terms';
import { specificTerms } from './specific-terms';
import { sectionVariants } from './section-variants';
import { splitUnits } from './split-units';

export type OfflineExtractorOptions = {
  /** Share of the question's (IDF-weighted) terms a passage must contain to answer it. */
  minCoverage?: number;
  /**
   * Share of the best passage's coverage a passage must reach: a reading of the question is
   * one that matches it about as fully as the best match does, not one that shares a word.
   */
  relativeCoverage?: number;
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
  const relativeCoverage = options.relativeCoverage ?? 0.85;
  return {
    extract({ question, passages }) {
      const terms = questionStems(question);
      const answerType = detectAnswerType(question);
      const weights = termWeights(terms, passages);
      const total = [...weights.values()].reduce((sum, weight) => sum + weight, 0);
      const eligible = withSpecificTerms(question, passages);
      const covered = eligible.map((passage) => ({
        passage,
        coverage: total > 0 ? sumWeights(weights, passageStems(passage)) / total : 0,
      }));
      const best = Math.max(0, ...covered.map(({ coverage }) => coverage));
      const floor = Math.max(minCoverage, best * relativeCoverage);
      const answers = covered.flatMap(({ passage, coverage }) => {
        if (coverage < floor) return [];
        const unit = bestAnswer({ passage, weights, total, answerType });
        return unit === null ? [] : [{ passage, unit }];
      });
      // Documents distinguish the readings; sections only when every answer is in one document
      // and they are variants of one thing (then the other sections of it answer no reading).
      const oneDocument = new Set(answers.map(({ passage }) => passage.documentId)).size === 1;
      const variants = oneDocument ? sectionVariants(answers.map(({ passage }) => passage)) : null;
      const readings =
        variants !== null && variants.size > 0
          ? answers.filter(({ passage }) => variants.has(passage.chunkId))
          : answers;
      const askedStems = new Set(questionStems(question));
      const base = question.trim().replace(/[?.!\s]+$/, '');
      const candidates: InterpretationCandidate[] = readings.map(({ passage, unit }) => {
        const label = contextLabel({
          passage,
          questionStems: askedStems,
          byHeading: variants !== null && variants.size > 0,
        });
        return { interpretation: `${base} — ${label}?`, answer: unit, evidence: unit, passage };
      });
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
  const stemSets = passages.map(passageStems);
  const weights = new Map<string, number>();
  for (const term of terms) {
    const frequency = stemSets.filter((stems) => stems.has(term)).length;
    weights.set(term, Math.log(1 + (passages.length + 1) / (frequency + 1)));
  }
  return weights;
}

/**
 * The passages holding every specific term of the question (names, ids, versions). None when no
 * retrieved passage holds them all: the question is about something the knowledge base does
 * not cover ("an office in Berlin"), and a passage about the Boston office does not answer it.
 */
function withSpecificTerms(question: string, passages: readonly Passage[]): readonly Passage[] {
  const required = specificTerms(question);
  return passages.filter((passage) => {
    const stems = passageStems(passage);
    return required.every((term) => stems.has(term));
  });
}

/** The passage's best sentence of the asked-for type, or null when it has none. */
function bestAnswer(input: {
  passage: Passage;
  weights: ReadonlyMap<string, number>;
  total: number;
  answerType: AnswerType;
}): string | null {
  const { passage, weights, total } = input;
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

function passageStems(passage: Passage): Set<string> {
  return new Set(contentStems(passageText(passage)));
}

function sumWeights(weights: ReadonlyMap<string, number>, present: ReadonlySet<string>): number {
  let sum = 0;
  for (const [term, weight] of weights) if (present.has(term)) sum += weight;
  return sum;
}
