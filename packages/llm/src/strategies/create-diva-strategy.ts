import { mapWithConcurrency } from '@clarify/core';
import type {
  ChatModel,
  Interpretation,
  InterpretationStrategy,
  Passage,
  Retriever,
} from '@clarify/core';
import { uniquePassages } from '../answer/unique-passages';
import { pruneByAverageRelevance } from './average-relevance';
import {
  buildDiversifyPrompt,
  buildVerifyPrompt,
  DIVERSIFY_SCHEMA,
  VERIFY_SCHEMA,
} from './diva-prompts';
import { structuredStage } from './structured-stage';
import { waveCosts } from './wave-costs';

export type DivaStrategyOptions = {
  model: ChatModel;
  retriever: Retriever;
  /** Passages retrieved per pseudo-interpretation (default 5, as in Diva). */
  topKPerInterpretation?: number;
  /** Most pseudo-interpretations kept from round 1 (default 5). */
  maxInterpretations?: number;
  /** Passages kept by the averaged-relevance pruning (default 5: Diva's |P_i|). */
  keptPassages?: number;
  /** Completion token cap per call (default 300, Diva's max_tokens). */
  maxTokens?: number;
  /** Most verification calls in flight (default 5). */
  concurrency?: number;
};

type Candidate = { interpretation: string; passages: Passage[] };

/**
 * The `diva` comparison strategy (diversify–verify, In et al. 2024), LLM only:
 * 1. one closed-book call names the type of ambiguity and writes pseudo-interpretations;
 * 2. top-k retrieval per pseudo-interpretation, in parallel;
 * 3. pruning by averaged relevance over the union (`pruneByAverageRelevance`);
 * 4. one yes/no verification call per pseudo-interpretation, in parallel, over its own
 *    retrieved passages that survived pruning (Diva verifies each against the whole pruned set;
 *    its own subset lets each option cite what it was verified on). One with no passage left is
 *    not verified.
 * The verified ones are the interpretations, with their passages and short answers. Diva's
 * closed-book fallback is left out: nothing verified is no answer (PIPELINE stage 7). Malformed
 * output abstains: none in round 1 means no interpretations, none in round 2 means "no".
 * Costs per question: 1 + m LLM calls (m ≤ maxInterpretations) in 2 rounds, m retrievals.
 */
export function createDivaStrategy(options: DivaStrategyOptions): InterpretationStrategy {
  const { model, retriever } = options;
  const topK = options.topKPerInterpretation ?? 5;
  const maxInterpretations = options.maxInterpretations ?? 5;
  const keptPassages = options.keptPassages ?? 5;
  const maxTokens = options.maxTokens ?? 300;
  const concurrency = options.concurrency ?? 5;
  return {
    name: 'diva',
    async interpret({ question, scope, tracer, signal }) {
      const diversified = await structuredStage({
        tracer,
        name: 'diversify',
        model,
        request: {
          messages: buildDiversifyPrompt(question, maxInterpretations),
          schema: DIVERSIFY_SCHEMA,
          maxTokens,
          purpose: 'diva-diversify',
          signal,
        },
        detail: (value) => ({
          ambiguityTypes: value?.ambiguityTypes ?? [],
          reason: value?.reason ?? '',
        }),
      });
      const readings = distinct(diversified.value?.interpretations ?? []).slice(
        0,
        maxInterpretations,
      );
      if (readings.length === 0) return { interpretations: [], retrieved: [] };

      const lists = await tracer.stage(
        'retrieve-per-interpretation',
        () => Promise.all(readings.map((query) => retriever.search({ query, k: topK, scope }))),
        (found) => ({
          retrievalCalls: readings.length,
          detail: { readings, passages: found.map((list) => list.length) },
        }),
      );
      const pruned = await tracer.stage(
        'prune',
        () => Promise.resolve(pruneByAverageRelevance(lists, keptPassages)),
        (result) => ({ detail: { union: result.union.length, kept: result.kept.size } }),
      );
      const candidates: Candidate[] = readings
        .map((interpretation, index) => ({
          interpretation,
          passages: uniquePassages(lists[index] ?? [], topK).filter((passage) =>
            pruned.kept.has(passage.chunkId),
          ),
        }))
        .filter((candidate) => candidate.passages.length > 0);

      const verdicts = await tracer.stage(
        'verify',
        () =>
          mapWithConcurrency(candidates, concurrency, (candidate) =>
            model.completeStructured({
              messages: buildVerifyPrompt(candidate.interpretation, candidate.passages),
              schema: VERIFY_SCHEMA,
              maxTokens,
              purpose: 'diva-verify',
              signal,
            }),
          ),
        (results) => ({
          ...waveCosts(results),
          detail: {
            unverifiable: readings.length - candidates.length,
            verdicts: results.map((result) => result.value?.answered ?? 'abstained'),
          },
        }),
      );
      const interpretations = candidates.flatMap((candidate, index): Interpretation[] => {
        const verdict = verdicts[index]?.value;
        if (verdict?.answered !== 'yes') return [];
        const { interpretation, passages } = candidate;
        const answer = verdict.answer.trim();
        return [{ interpretation, answer, evidence: '', passages, support: passages.length }];
      });
      return { interpretations, retrieved: pruned.union };
    },
  };
}

/** Non-empty texts, trimmed, without repeats (case-insensitive). */
function distinct(texts: readonly string[]): string[] {
  const seen = new Set<string>();
  return texts
    .map((text) => text.trim())
    .filter((text) => {
      const key = text.toLowerCase();
      if (text === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
