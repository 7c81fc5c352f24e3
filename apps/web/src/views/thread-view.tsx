/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { ThreadEntry, WebMessage } from '../chat/web-threads';
import type { Session } from '../server/session';
import { Answer } from './answer-view';
import { CitationLine } from './citation-link';
import { Clarification } from './clarification-view';
import { Notes, type Scope } from './reply-parts';
import { TracePanel } from './trace-panel';

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
