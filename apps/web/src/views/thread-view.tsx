/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { ChosenView, ReplyView } from '@clarify/chat';
import type { Citation } from '@clarify/core';
import type { ThreadEntry, WebMessage } from '../chat/web-threads';
import type { Session } from '../server/session';
import { CitationLine } from './citation-link';
import { CsrfField } from './layout';
import { TracePanel } from './trace-panel';

type ClarifyView = Extract<ReplyView, { kind: 'clarify' }>;
type AnswerView = Extract<ReplyView, { kind: 'answer' }>;
type Scope = { thread: string; session: Session; entryId: string };

/**
 * A playground thread as the page shows it; while a reply is being worked out it asks for
 * itself again every 700 ms (htmx), so the placeholder is replaced as in Slack.
 */
export function ThreadView(props: {
  thread: string;
  entries: readonly ThreadEntry[];
  session: Session;
  working: boolean;
}) {
  const polling = props.working
    ? {
        'hx-get': `/chat/thread?thread=${encodeURIComponent(props.thread)}`,
        'hx-trigger': 'every 700ms',
        'hx-swap': 'outerHTML',
      }
    : {};
  return (
    <section
      id="thread"
      aria-label="Conversation"
      data-working={String(props.working)}
      {...polling}
    >
      {props.entries.length === 0 ? (
        <p class="empty">
          Ask a question about the documents — for example “How many vacation days do I get?”. When
          it means several things in them, you choose the reading you meant.
        </p>
      ) : (
        <ol class="messages">
          {props.entries.map((entry) => (
            <li class={`message ${entry.message.kind === 'question' ? 'from-user' : 'from-bot'}`}>
              <Message
                message={entry.message}
                vote={entry.vote}
                scope={{ thread: props.thread, session: props.session, entryId: entry.id }}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Message(props: { message: WebMessage; vote: ThreadEntry['vote']; scope: Scope }) {
  const { message, scope } = props;
  switch (message.kind) {
    case 'question':
      return (
        <div class="bubble user">
          <span class="who">You</span>
          <p>{message.text}</p>
        </div>
      );
    case 'working':
      return (
        <div class="bubble bot working" role="status">
          <span class="spinner" aria-hidden="true"></span>
          {message.text}
        </div>
      );
    case 'notice':
      return (
        <div class={`bubble bot notice ${message.tone}`} role="status">
          {message.text}
        </div>
      );
    case 'chosen':
      return <Clarification view={message.view} chosen={message.chosen} scope={scope} />;
    case 'reply': {
      const { view } = message;
      if (view.kind === 'clarify') return <Clarification view={view} scope={scope} />;
      if (view.kind === 'answer') return <Answer view={view} vote={props.vote} scope={scope} />;
      return (
        <div class="bubble bot no-answer">
          <Notes interpretedAs={undefined} note={view.note} />
          <p>{view.text}</p>
          {view.nearest.length > 0 && (
            <>
              <p class="sources-title">Closest passages</p>
              <ul class="sources">
                {view.nearest.map((citation) => (
                  <li>
                    <CitationLine citation={citation} highlight="" />
                  </li>
                ))}
              </ul>
            </>
          )}
          {view.trace && <TracePanel trace={view.trace} />}
        </div>
      );
    }
  }
}

function Clarification(props: { view: ClarifyView; chosen?: ChosenView; scope: Scope }) {
  const { view, chosen, scope } = props;
  const open = chosen === undefined;
  return (
    <div class={`bubble bot clarify${open ? '' : ' decided'}`}>
      <Notes interpretedAs={view.interpretedAs} note={view.note} />
      <p class="prompt">{view.prompt}</p>
      <ol class="options">
        {view.options.map((option) => (
          <li class={chosen?.optionId === option.id ? 'option chosen' : 'option'}>
            {open ? (
              <ChoiceForm scope={scope} value={option.value} label={option.interpretation} />
            ) : (
              <p class="interpretation">{option.interpretation}</p>
            )}
            <p class="preview">{option.preview}</p>
            <ul class="sources" aria-label={`Sources for option ${option.position}`}>
              {option.citations.map((citation) => (
                <li>
                  <CitationLine citation={citation} highlight={option.preview} />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {open ? (
        <div class="choices">
          {view.answerAll && (
            <ChoiceForm scope={scope} value={view.answerAll} label="Answer all" secondary />
          )}
          <ChoiceForm scope={scope} value={view.none} label="None of these" secondary />
        </div>
      ) : (
        <p class="chosen-note" role="status">{`✓ ${chosen.label} — chosen`}</p>
      )}
      {view.trace && <TracePanel trace={view.trace} />}
    </div>
  );
}

function ChoiceForm(props: { scope: Scope; value: string; label: string; secondary?: boolean }) {
  const { scope } = props;
  return (
    <form
      method="post"
      action="/chat/choose"
      hx-post="/chat/choose"
      hx-target="#thread"
      hx-swap="outerHTML"
      class="choice"
    >
      <ClickFields scope={scope} value={props.value} />
      <button type="submit" class={props.secondary ? 'secondary' : 'primary'}>
        {props.label}
      </button>
    </form>
  );
}

/** What a button's form sends: the CSRF token, the thread, the message and the button's value. */
function ClickFields(props: { scope: Scope; value: string }) {
  const { scope } = props;
  return (
    <>
      <CsrfField session={scope.session} />
      <input type="hidden" name="thread" value={scope.thread} />
      <input type="hidden" name="message" value={scope.entryId} />
      <input type="hidden" name="value" value={props.value} />
    </>
  );
}

function Answer(props: { view: AnswerView; vote: ThreadEntry['vote']; scope: Scope }) {
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

function Notes(props: { interpretedAs: string | undefined; note: string | undefined }) {
  return (
    <>
      {props.interpretedAs && <p class="interpreted">{`Answering: “${props.interpretedAs}”`}</p>}
      {props.note && <p class="note">{props.note}</p>}
    </>
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
