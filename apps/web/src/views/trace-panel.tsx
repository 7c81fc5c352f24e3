/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Trace, TraceStage } from '@clarify/core';

const MAX_DETAIL_CHARS = 600;

/** "How was this made": the reply's pipeline stages, their timings, evidence and decisions. */
export function TracePanel(props: { trace: Trace }) {
  const { trace } = props;
  return (
    <details class="trace">
      <summary>How was this made</summary>
      <p>
        {`${formatMs(trace.totalMs)} in all · ${trace.llmCalls} LLM ${trace.llmCalls === 1 ? 'call' : 'calls'} · ${trace.retrievalCalls} ${trace.retrievalCalls === 1 ? 'search' : 'searches'}`}
        {trace.promptTokens + trace.completionTokens > 0 &&
          ` · ${trace.promptTokens + trace.completionTokens} tokens`}
      </p>
      <table>
        <caption>Pipeline stages, in order</caption>
        <thead>
          <tr>
            <th scope="col">Stage</th>
            <th scope="col">Time</th>
            <th scope="col">LLM calls</th>
            <th scope="col">What it decided or found</th>
          </tr>
        </thead>
        <tbody>
          {trace.stages.map((stage) => (
            <tr>
              <th scope="row">{stage.name}</th>
              <td>{formatMs(stage.durationMs)}</td>
              <td>{stage.llmCalls}</td>
              <td>
                <StageDetail stage={stage} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

function StageDetail(props: { stage: TraceStage }) {
  const entries = Object.entries(props.stage.detail);
  if (entries.length === 0) return <span class="muted">—</span>;
  return (
    <dl class="detail">
      {entries.map(([key, value]) => (
        <>
          <dt>{key}</dt>
          <dd>{describeValue(value)}</dd>
        </>
      ))}
    </dl>
  );
}

function describeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`;
}
