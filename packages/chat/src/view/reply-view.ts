import type { Citation, Reply, Trace } from '@clarify/core';
import { encodeChoice, encodeFeedback } from './button-values';
import { collapseWhitespace, mergeSameDocument } from './citations';

export const DEFAULT_CLARIFY_PROMPT = 'Which of these do you mean?';
/** The citations shown under one option (its answer is written in full once chosen). */
export const MAX_CITATIONS_PER_OPTION = 3;

/** One reading offered: its interpretation, the asked value, its sources and button value. */
export type OptionView = {
  id: string;
  /** 1-based, as the buttons number them. */
  position: number;
  /** One line; "Option n" when the reading has no words. */
  interpretation: string;
  /** The answer preview (the asked value first), or the answer when there is no preview. */
  preview: string;
  /** Its sources, one per document, at most `MAX_CITATIONS_PER_OPTION`. */
  citations: Citation[];
  /** What its button carries: an opaque id, never the option's text. */
  value: string;
};

/** How a reply was made (stages, timings, evidence, decisions): for a platform that shows it. */
type Traced = { trace?: Trace };

/** A reply as every platform shows it; renderers add only markup and limits. */
export type ReplyView = Traced &
  (
    | {
        kind: 'clarify';
        /** The question as understood, with its prompt: "… can mean different things". */
        prompt: string;
        interpretedAs?: string;
        note?: string;
        options: OptionView[];
        /** The "Answer all" button's value; absent with fewer than two options. */
        answerAll?: string;
        /** The "None of these" button's value. */
        none: string;
      }
    | {
        kind: 'answer';
        /** Text with `[n]` markers pointing into `citations` (1-based). */
        text: string;
        citations: Citation[];
        interpretedAs?: string;
        note?: string;
        /** The 👍/👎 buttons' value; absent when votes are not taken. */
        feedback?: string;
      }
    | {
        kind: 'no-answer';
        text: string;
        /** The closest passages, as links, even though none answers. */
        nearest: Citation[];
        note?: string;
      }
  );

/** A choice as the clarification shows it once made. */
export type ChosenView = {
  /** An option id, 'all' or 'none'. */
  optionId: string;
  /** Who chose. */
  userId: string;
  /** The chosen option's interpretation, "Answer all" or "None of these". */
  label: string;
  /** The question as understood, and every option offered (for a platform that redraws). */
  question?: string;
  options?: ReadonlyArray<{ id: string; interpretation: string }>;
};

/**
 * Core's reply as a view: one-line labels, option previews and merged sources, the button
 * values encoded. `answerId` (an answer's stored id) adds 👍/👎 votes.
 */
export function toReplyView(reply: Reply, options: { answerId?: string } = {}): ReplyView {
  const notes = {
    ...(reply.kind !== 'no-answer' && present(reply.interpretedAs, 'interpretedAs')),
    ...present(reply.note, 'note'),
    ...(reply.trace !== undefined && { trace: reply.trace }),
  };
  switch (reply.kind) {
    case 'answer':
      return {
        kind: 'answer',
        text: reply.text,
        citations: reply.citations,
        ...notes,
        ...(options.answerId !== undefined && { feedback: encodeFeedback(options.answerId) }),
      };
    case 'no-answer':
      return { kind: 'no-answer', text: reply.text, nearest: reply.nearest, ...notes };
    case 'clarify': {
      const { clarificationId } = reply;
      const value = (optionId: string) => encodeChoice({ clarificationId, optionId });
      return {
        kind: 'clarify',
        prompt: collapseWhitespace(reply.prompt) || DEFAULT_CLARIFY_PROMPT,
        ...notes,
        options: reply.options.map((option, index) => ({
          id: option.id,
          position: index + 1,
          interpretation: collapseWhitespace(option.interpretation) || `Option ${index + 1}`,
          preview: collapseWhitespace(option.answerPreview) || collapseWhitespace(option.answer),
          citations: mergeSameDocument(option.citations).slice(0, MAX_CITATIONS_PER_OPTION),
          value: value(option.id),
        })),
        ...(reply.options.length >= 2 && { answerAll: value('all') }),
        none: value('none'),
      };
    }
  }
}

function present<K extends string>(text: string | undefined, key: K): Partial<Record<K, string>> {
  const kept = key === 'note' ? (text?.trim() ?? '') : collapseWhitespace(text ?? '');
  return kept ? ({ [key]: kept } as Record<K, string>) : {};
}
