/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { Session } from '../server/session';
import { Layout } from './layout';

/** A page that says what went wrong and where to go. */
export function ErrorPage(props: { session: Session; title: string; text: string }) {
  return (
    <Layout title={props.title} section="chat" session={props.session}>
      <h1>{props.title}</h1>
      <p>{props.text}</p>
      <p>
        <a href="/">Back to the chat</a>
      </p>
    </Layout>
  );
}
