import { tableRowsAsLines } from '@clarify/offline';
import { ClarifyError, isClarifyError, mapWithConcurrency } from '@clarify/core';
import type {
  ChatModel,
  ChatUsage,
  InterpretationCandidate,
  InterpretationExtractor,
  Passage,
} from '@clarify/core';
import { addUsage } from '../chat/to-chat-usage';
import { isWholeNumber } from '../openai/is-whole-number';
import { buildExtractionPrompt, EXTRACTION_SCHEMA } from './extraction-prompt';
import type { ExtractionOutput } from './extraction-prompt';
import { groundEvidence } from './ground-evidence';
import { screenPassages, type LexicalScreenOptions } from './lexical-screen';

/** Options of the LLM interpretation extractor. */
export type LlmInterpretationExtractorOptions = {
  chatModel: ChatModel;
  /**
   * Passages read at once (default 4). Keep it at or below the chat model's own limit: a call
   * waiting for the model's slot is already spending its timeout.
   */
  concurrency?: number;
  /** Time one passage's call may take, its retries included (default 30,000 ms). */
  timeoutMs?: number;
  /** Completion token cap per call (default 300; RELIABILITY RG-4). */
  maxTokens?: number;
  /**
   * Which passages get a call (see `screenPassages`); the others abstain without one. `false`
   * reads every passage, as VerDICt does; the default saves most calls at no loss on the sample
   * knowledge base (docs/benchmarks.md).
   */
  screen?: LexicalScreenOptions | false;
};

/** What reading one passage came to; a failure is kept to tell "model down" from "one fault". */
type PassageOutcome =
  | { candidate: InterpretationCandidate | null; calls: number; usage: ChatUsage }
  | { failure: ClarifyError };

const NO_USAGE: ChatUsage = { promptTokens: 0, completionTokens: 0 };

/**
 * Stage 5 with a chat model (VerDICt): for each passage, in parallel (bounded), one structured
 * call asking for the one interpretation of the question the passage fully answers and the
 * answer from that passage only, or an abstention. Each call has its own timeout. A passage
 * abstains when the model says so, when its output stayed malformed after the chat model's one
 * corrective retry (`value: null`), or when its call failed with `llm_failed` (timeout, 5xx or
 * 429 after retries) — one bad call costs one passage, not the question (RELIABILITY LF-1).
 * When every call failed, the model is taken to be down and the first failure is thrown, so
 * the assistant runs the offline extractor instead (LF-3). Evidence the passage does not hold
 * is replaced by the answer (see `groundEvidence`). A failed call counts as one LLM call.
 * Passages the lexical screen leaves out abstain without a call.
 */
export function createLlmInterpretationExtractor(
  options: LlmInterpretationExtractorOptions,
): InterpretationExtractor {
  const { chatModel } = options;
  const concurrency = options.concurrency ?? 4;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxTokens = options.maxTokens ?? 300;
  const invalid = Object.entries({ concurrency, timeoutMs, maxTokens })
    .filter(([, value]) => !isWholeNumber(value, 1))
    .map(([name]) => `${name} must be a positive integer`);
  if (invalid.length > 0) {
    const message = `LLM interpretation extractor: ${invalid.join('; ')}`;
    throw new ClarifyError('config_invalid', message);
  }

  async function readPassage(
    question: string,
    passage: Passage,
    signal: AbortSignal | undefined,
  ): Promise<PassageOutcome> {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const completion = await chatModel.completeStructured({
        messages: buildExtractionPrompt(question, passage),
        schema: EXTRACTION_SCHEMA,
        maxTokens,
        temperature: 0,
        purpose: 'extract-interpretation',
        signal: signal === undefined ? timeout : AbortSignal.any([signal, timeout]),
      });
      const candidate = toCandidate(completion.value, passage);
      return { candidate, calls: completion.calls, usage: completion.usage };
    } catch (error) {
      // The caller gave up on the whole question: stop, do not abstain.
      signal?.throwIfAborted();
      if (!isClarifyError(error, 'llm_failed')) throw error;
      if (!timeout.aborted) return { failure: error };
      const message = `chat completion "extract-interpretation" timed out after ${timeoutMs} ms`;
      return {
        failure: new ClarifyError('llm_failed', message, { cause: error, retryable: true }),
      };
    }
  }

  return {
    async extract({ question, passages, signal }) {
      const read =
        options.screen === false ? passages : screenPassages(question, passages, options.screen);
      const outcomes = await mapWithConcurrency(read, concurrency, (passage) =>
        readPassage(question, passage, signal),
      );
      const failures = outcomes.flatMap((outcome) =>
        'failure' in outcome ? [outcome.failure] : [],
      );
      const [firstFailure] = failures;
      if (firstFailure !== undefined && failures.length === outcomes.length) throw firstFailure;

      const candidates: InterpretationCandidate[] = [];
      let llmCalls = 0;
      let usage = NO_USAGE;
      for (const outcome of outcomes) {
        if ('failure' in outcome) {
          llmCalls += 1;
          continue;
        }
        llmCalls += outcome.calls;
        usage = addUsage(usage, outcome.usage);
        if (outcome.candidate !== null) candidates.push(outcome.candidate);
      }
      return { candidates, abstained: passages.length - candidates.length, llmCalls, usage };
    },
  };
}

/** The model's reading as a candidate of `passage`, or null when it abstained. */
function toCandidate(
  output: ExtractionOutput | null,
  passage: Passage,
): InterpretationCandidate | null {
  if (output === null || !output.answerable) return null;
  const interpretation = oneLine(output.interpretation ?? '');
  const answer = (output.answer ?? '').trim();
  if (interpretation === '' || answer === '') return null;
  // The model saw table rows as lines with their headers; a row it quotes is grounded there.
  const evidence = groundEvidence(output.evidence, answer, tableRowsAsLines(passage.text));
  return { interpretation, answer, evidence, passage };
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
