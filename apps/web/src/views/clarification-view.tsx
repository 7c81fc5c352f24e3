/** @jsxRuntime automatic @jsxImportSource hono/jsx */
import type { ChosenView, ReplyView } from '@clarify/chat';
import { CitationLine } from './citation-link';
import { ClickFields, Notes, type Scope } from './reply-parts';
import { TracePanel } from './trace-panel';

type ClarifyView = Extract<ReplyView, { kind: 'clarify' }>;

/** A clarification: one button per reading with its preview and sources; once chosen, the choice. */
export function Clarification(props: { view: ClarifyView; chosen?: ChosenView; scope: Scope }) {
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
