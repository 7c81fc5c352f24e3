/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import { citationDate } from '@clarify/chat';
import type { StoredPassage } from '@clarify/db';
import { closestSentence, sentencesOf } from '../chat/closest-sentence';
import type { Session } from '../server/session';
import { safeHref } from './citation-link';
import { Layout } from './layout';

/** A cited passage as stored, the sentence the citation rests on marked. */
export function PassagePage(props: {
  session: Session;
  passage: StoredPassage;
  highlight: string;
}) {
  const { passage } = props;
  const cut = markSentence(passage.text, props.highlight);
  const original = safeHref(passage.uri);
  const date = citationDate(passage.updatedAt);
  return (
    <Layout title={passage.title} section="chat" session={props.session}>
      <article class="passage">
        <h1>{passage.title || passage.documentId}</h1>
        {passage.heading && <p class="heading">{passage.heading}</p>}
        <p class="meta">
          {`Source “${passage.sourceId}” · ${passage.documentId}`}
          {date && ` · updated ${date}`}
          {original ? (
            <>
              {' · '}
              <a href={original} rel="noopener noreferrer">
                Open the original
              </a>
            </>
          ) : (
            <span class="uri">{` · ${passage.uri}`}</span>
          )}
        </p>
        <div class="passage-text">
          {cut.before}
          {cut.marked && <mark id="cited">{cut.marked}</mark>}
          {cut.after}
        </div>
      </article>
    </Layout>
  );
}

/** The passage's text around the sentence closest to `highlight` (its layout kept). */
function markSentence(text: string, highlight: string) {
  const sentences = sentencesOf(text);
  const index = highlight ? closestSentence(sentences, highlight) : -1;
  const sentence = sentences[index];
  if (sentence === undefined) return { before: text, marked: '', after: '' };
  let from = 0;
  for (const earlier of sentences.slice(0, index))
    from = text.indexOf(earlier, from) + earlier.length;
  const at = text.indexOf(sentence, from);
  return {
    before: text.slice(0, at),
    marked: sentence,
    after: text.slice(at + sentence.length),
  };
}
