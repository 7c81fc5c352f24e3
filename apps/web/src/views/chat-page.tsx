/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { ThreadEntry } from '../chat/web-threads';
import type { Session } from '../server/session';
import { CsrfField, Layout } from './layout';
import { ThreadView } from './thread-view';

export const MAX_QUESTION_CHARS = 4000;

/** The playground: a thread as Slack and Teams users see it, and the question box. */
export function ChatPage(props: {
  session: Session;
  thread: string;
  entries: readonly ThreadEntry[];
  working: boolean;
}) {
  return (
    <Layout title="Chat" section="chat" session={props.session}>
      <div class="chat">
        <div class="chat-head">
          <h1>Ask the documents</h1>
          <a class="button secondary" href="/">
            New conversation
          </a>
        </div>
        <p class="lead">
          What your colleagues see in Slack and Teams: a cited answer, or one choice per reading
          when the question means several things in the documents.
        </p>
        <ThreadView
          thread={props.thread}
          entries={props.entries}
          session={props.session}
          working={props.working}
        />
        <form
          id="ask"
          method="post"
          action="/chat/ask"
          hx-post="/chat/ask"
          hx-target="#thread"
          hx-swap="outerHTML"
          hx-disabled-elt="find button"
          hx-indicator="#asking"
        >
          <CsrfField session={props.session} />
          <input type="hidden" name="thread" value={props.thread} />
          <label for="question">Your question</label>
          <div class="ask-row">
            <textarea
              id="question"
              name="text"
              rows={2}
              maxlength={MAX_QUESTION_CHARS}
              required
              autofocus
              placeholder="How many vacation days do I get?"
            ></textarea>
            <button type="submit" class="primary">
              Ask
            </button>
          </div>
          <p id="asking" class="htmx-indicator" role="status">
            Looking through the documents…
          </p>
        </form>
      </div>
    </Layout>
  );
}
