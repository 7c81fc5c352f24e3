import { formatHeadingPath, mapWithConcurrency } from '@clarify/core';
import type { ChatModel, Interpretation, Passage, WrittenAnswer } from '@clarify/core';
import { addUsage } from '../chat/to-chat-usage';
import { screenPassages } from '../extract/lexical-screen';
import { buildFavePlanPrompt, FAVE_PLAN_SCHEMA } from './fave-plan';
import { mergeSections } from './merge-sections';

type WriteOne = (input: {
  question: string;
  interpretation: Interpretation;
  signal?: AbortSignal;
}) => Promise<WrittenAnswer>;

/** Passages a sub-question is answered from: the best covering of the interpretation's. */
const PASSAGES_PER_SUB_QUESTION = 3;

/**
 * Stage 8, FaVe-style: a question whose passages come from several sections may be broad. One
 * small planning call (titles and headings only) says whether it is and writes up to
 * `maxSubQuestions` sub-questions at once; each is then answered in parallel from its own
 * passages, cited and checked like any answer, and the parts are merged with one citation list.
 * A narrow question, an unusable plan or a plan that fails validation falls back to the single
 * answer. Passages of one section never trigger the plan: one call answers them.
 */
export async function writeFactored(input: {
  chatModel: ChatModel;
  question: string;
  interpretation: Interpretation;
  passages: readonly Passage[];
  maxSubQuestions: number;
  maxTokens: number;
  concurrency: number;
  signal?: AbortSignal;
  writeOne: WriteOne;
}): Promise<WrittenAnswer> {
  const { question, interpretation, passages, signal } = input;
  const sections = new Set(passages.map((passage) => formatHeadingPath(passage.headingPath)));
  if (passages.length < 3 || sections.size < 2) {
    return input.writeOne({ question, interpretation, signal });
  }
  const plan = await input.chatModel.completeStructured({
    messages: buildFavePlanPrompt({
      question,
      interpretation: interpretation.interpretation,
      passages,
      maxSubQuestions: input.maxSubQuestions,
    }),
    schema: FAVE_PLAN_SCHEMA,
    maxTokens: input.maxTokens,
    temperature: 0,
    purpose: 'plan-answer',
    signal,
  });
  const subQuestions = [
    ...new Set((plan.value?.subQuestions ?? []).map((sub) => sub.trim()).filter(Boolean)),
  ].slice(0, input.maxSubQuestions);
  if (plan.value?.broad !== true || subQuestions.length < 2) {
    const single = await input.writeOne({ question, interpretation, signal });
    return withPlanCost(single, plan.calls, plan.usage, 2);
  }
  const parts = await mapWithConcurrency(subQuestions, input.concurrency, (subQuestion) => {
    const own = screenPassages(subQuestion, passages, {
      maxPassages: PASSAGES_PER_SUB_QUESTION,
      bestFirst: true,
    });
    return input.writeOne({
      question: subQuestion,
      interpretation: {
        ...interpretation,
        interpretation: subQuestion,
        passages: own.length > 0 ? own : passages.slice(0, PASSAGES_PER_SUB_QUESTION),
      },
      signal,
    });
  });
  const merged = mergeSections(
    parts.map((part, index) => ({
      label: subQuestions[index] ?? '',
      text: part.text,
      citations: part.citations,
      supported: part.supported,
    })),
  );
  const answered = parts.reduce(
    (total, part) => ({
      llmCalls: total.llmCalls + part.llmCalls,
      usage: addUsage(total.usage, part.usage),
    }),
    { llmCalls: plan.calls, usage: plan.usage },
  );
  return {
    text: merged.text,
    citations: merged.citations,
    supported: parts.some((part) => part.supported),
    ...answered,
    llmRounds: 2,
  };
}

function withPlanCost(
  answer: WrittenAnswer,
  calls: number,
  usage: WrittenAnswer['usage'],
  rounds: number,
): WrittenAnswer {
  return {
    ...answer,
    llmCalls: answer.llmCalls + calls,
    usage: addUsage(answer.usage, usage),
    llmRounds: rounds,
  };
}
