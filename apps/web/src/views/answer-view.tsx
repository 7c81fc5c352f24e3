/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { ReplyView } from '@clarify/chat';
import type { Citation } from '@clarify/core';
import type { ThreadEntry } from '../chat/web-threads';
import { CitationLine } from './citation-link';
import { ClickFields, Notes, type Scope } from './reply-parts';
import { TracePanel } from './trace-panel';

type AnswerView = Extract<ReplyView, { kind: 'answer' }>;

/** A cited answer: its text with [n] links, its sources, 👍/👎 and how it was made. */
export function Answer(props: { view: AnswerView; vote: ThreadEntry['vote']; scope: Scope }) {
  const { view, scope } = props;
  return (
    <div class="bubble bot answer">
      <Notes interpretedAs={view.interpretedAs} note={view.note} />
      <AnswerText text={view.text} citations={view.citations} entryId={scope.entryId} />
      {view.citations.length > 0 && (
        <ol class="sources numbered" aria-label="Sources">
          {view.citations.map((citation, index) => (
            <li id={`c-${scope.entryId}-${index + 1}`}>
              <CitationLine citation={citation} highlight={sentencesCiting(view.text, index + 1)} />
            </li>
          ))}
        </ol>
      )}
      {view.feedback && (
        <form
          method="post"
          action="/chat/feedback"
          hx-post="/chat/feedback"
          hx-target="#thread"
          hx-swap="outerHTML"
          class="feedback"
        >
          <ClickFields scope={scope} value={view.feedback} />
          <button type="submit" name="rating" value="up" aria-pressed={String(props.vote === 'up')}>
            👍<span class="sr-only"> Helpful</span>
          </button>
          <button
            type="submit"
            name="rating"
            value="down"
            aria-pressed={String(props.vote === 'down')}
          >
            👎<span class="sr-only"> Not helpful</span>
          </button>
        </form>
      )}
      {view.trace && <TracePanel trace={view.trace} />}
    </div>
  );
}

/** The answer's paragraphs, each `[n]` a link to its source below. */
function AnswerText(props: { text: string; citations: readonly Citation[]; entryId: string }) {
  return (
    <div class="answer-text">
      {props.text
        .split(/\n{2,}/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph) => (
          <p>
            {paragraph.split(/(\[\d+\])/).map((part) => {
              const marker = /^\[(\d+)\]$/.exec(part);
              const n = marker ? Number(marker[1]) : 0;
              if (!marker || n < 1 || n > props.citations.length) return part;
              return (
                <sup>
                  <a href={`#c-${props.entryId}-${n}`} aria-label={`source ${n}`}>
                    {`[${n}]`}
                  </a>
                </sup>
              );
            })}
          </p>
        ))}
    </div>
  );
}

/** The sentences of an answer that cite source `n`, markers removed: what its link marks. */
export function sentencesCiting(text: string, n: number): string {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .filter((sentence) => sentence.includes(`[${n}]`))
    .join(' ')
    .replace(/\s*\[\d+\]/g, '')
    .trim();
}
