import type { Citation, Reply } from '@clarify/core';
import type { Output } from '../output';

/** A reply for a terminal: the answer with numbered sources, or the options to choose from. */
export function printReply(output: Output, reply: Reply): void {
  if (reply.note) output.out(`(${reply.note})`);
  if (reply.kind === 'answer') {
    if (reply.interpretedAs) output.out(`Interpreted as: ${reply.interpretedAs}`);
    output.out(reply.text);
    printSources(output, reply.citations);
  } else if (reply.kind === 'clarify') {
    if (reply.interpretedAs) output.out(`Interpreted as: ${reply.interpretedAs}`);
    output.out(reply.prompt);
    for (const option of reply.options) {
      output.out(`  ${option.id}. ${option.interpretation}`);
      output.out(`     ${option.answerPreview}`);
      output.out(`     sources: ${option.citations.map(describeCitation).join('; ')}`);
    }
    output.out('  all. Answer all of them    none. None of these');
  } else {
    output.out(reply.text);
    printSources(output, reply.nearest);
  }
}

function printSources(output: Output, citations: readonly Citation[]): void {
  citations.forEach((citation, index) =>
    output.out(`  [${index + 1}] ${describeCitation(citation)}`),
  );
}

function describeCitation(citation: Citation): string {
  const heading =
    citation.heading && citation.heading !== citation.title ? citation.heading : citation.title;
  return `${heading} (${citation.documentId})`;
}

/** The reply as JSON: kind, text, citations, options with interpretation, answer, citations. */
export function replyToJson(reply: Reply): Record<string, unknown> {
  const citations = (list: readonly Citation[]) =>
    list.map(({ documentId, title, uri, heading }) => ({ documentId, title, uri, heading }));
  if (reply.kind === 'clarify') {
    return {
      kind: reply.kind,
      text: reply.prompt,
      clarificationId: reply.clarificationId,
      ...(reply.interpretedAs && { interpretedAs: reply.interpretedAs }),
      citations: [],
      options: reply.options.map((option) => ({
        id: option.id,
        interpretation: option.interpretation,
        answer: option.answer,
        citations: citations(option.citations),
      })),
    };
  }
  return {
    kind: reply.kind,
    text: reply.text,
    ...(reply.kind === 'answer' && reply.interpretedAs && { interpretedAs: reply.interpretedAs }),
    citations: citations(reply.kind === 'answer' ? reply.citations : reply.nearest),
    options: [],
  };
}

/** The trace, one line per stage, for `--explain`. */
export function printTrace(output: Output, reply: Reply): void {
  const { trace } = reply;
  output.out(
    `trace: ${Math.round(trace.totalMs)} ms, ${trace.llmCalls} LLM calls, ` +
      `${trace.promptTokens}+${trace.completionTokens} tokens, ${trace.retrievalCalls} retrieval calls`,
  );
  for (const stage of trace.stages) {
    const { readings, ...detail } = stage.detail;
    output.out(
      `  ${stage.name.padEnd(24)} ${stage.durationMs.toFixed(1).padStart(7)} ms  ${JSON.stringify(detail)}`,
    );
    if (Array.isArray(readings)) for (const reading of readings) output.out(readingLine(reading));
  }
}

/**
 * One reading the extractor found: what it is, what sets it apart in its page (the table
 * column or parent heading and the qualifier) and the row or sentence its value comes from.
 */
function readingLine(reading: unknown): string {
  const item = (typeof reading === 'object' && reading !== null ? reading : {}) as Record<
    string,
    unknown
  >;
  const text = (key: string) => (typeof item[key] === 'string' ? item[key] : '');
  const qualifier = text('qualifier');
  const by =
    qualifier === ''
      ? text('source') || 'statement'
      : `${text('source')} ${text('dimension') ? `${text('dimension')}: ` : ''}${qualifier}`;
  return `      · ${text('reading')}\n        ${by} ← "${text('from')}" (${text('page')})`;
}
