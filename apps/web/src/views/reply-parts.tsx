/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Session } from '../server/session';
import { CsrfField } from './layout';

/** Where a message's buttons send their clicks: its thread, the browser, the message. */
export type Scope = { thread: string; session: Session; entryId: string };

/** What a button's form sends: the CSRF token, the thread, the message and the button's value. */
export function ClickFields(props: { scope: Scope; value: string }) {
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

export function Notes(props: { interpretedAs: string | undefined; note: string | undefined }) {
  return (
    <>
      {props.interpretedAs && <p class="interpreted">{`Answering: “${props.interpretedAs}”`}</p>}
      {props.note && <p class="note">{props.note}</p>}
    </>
  );
}
