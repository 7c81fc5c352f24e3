import type { ChosenView, OptionView, ReplyView } from '@clarify/chat';
import type { Citation } from '@clarify/core';
import {
  actionSet,
  cardMessage,
  container,
  submitAction,
  textBlock,
  type CardElement,
  type TeamsMessage,
} from './adaptive-card';
import { clip, escapeCardText, oneLine } from './escape-card-text';
import { formatCitation } from './format-citation';
import { teamsLimits } from './teams-limits';

/** The data of every button: a verb and the opaque value the conversation layer encoded. */
export type SubmitData =
  | { clarify: 'choose'; value: string }
  | { clarify: 'feedback'; value: string; rating: 'up' | 'down' };

const MAX_CITATIONS_SHOWN = 100;

function notes(view: { interpretedAs?: string; note?: string }): CardElement[] {
  const blocks: CardElement[] = [];
  if (view.interpretedAs) {
    const shown = escapeCardText(oneLine(view.interpretedAs, teamsLimits.textBlockChars));
    blocks.push(textBlock(`Interpreted as: ${shown}`, { size: 'Small', subtle: true }));
  }
  if (view.note) {
    const shown = escapeCardText(clip(view.note, teamsLimits.textBlockChars));
    blocks.push(textBlock(shown, { size: 'Small', color: 'Attention' }));
  }
  return blocks;
}

/** Text over as many blocks as it needs, each cut at a paragraph, line or sentence. */
function textBlocks(text: string, empty: string): CardElement[] {
  const trimmed = text.trim();
  if (trimmed === '') return [textBlock(escapeCardText(empty))];
  const blocks: CardElement[] = [];
  let rest = trimmed;
  while (rest.length > 0) {
    let cut = rest.length;
    if (cut > teamsLimits.textBlockChars) {
      const window = rest.slice(0, teamsLimits.textBlockChars);
      const at = Math.max(
        window.lastIndexOf('\n'),
        window.lastIndexOf('. ') + 1,
        window.lastIndexOf(' '),
      );
      cut = at > teamsLimits.textBlockChars / 2 ? at : teamsLimits.textBlockChars;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    blocks.push(textBlock(escapeCardText(rest.slice(0, cut).trim())));
    rest = rest.slice(cut).trim();
  }
  return blocks;
}

/** Citation lines under a bold title, in blocks of at most a text block's length. */
function citationBlocks(citations: readonly Citation[], title: string): CardElement[] {
  if (citations.length === 0) return [];
  const lines = citations
    .slice(0, MAX_CITATIONS_SHOWN)
    .map((citation, index) => formatCitation(citation, index + 1));
  const blocks: CardElement[] = [];
  let current = `**${title}**`;
  for (const line of lines) {
    if (current.length + 2 + line.length > teamsLimits.textBlockChars) {
      blocks.push(textBlock(current, { size: 'Small' }));
      current = line;
    } else {
      current += `\n\n${line}`;
    }
  }
  blocks.push(textBlock(current, { size: 'Small' }));
  return blocks;
}

function optionElements(option: OptionView): CardElement[] {
  const title = escapeCardText(oneLine(option.interpretation, teamsLimits.interpretationChars));
  const items: CardElement[] = [textBlock(`**${option.position}. ${title}**`)];
  if (option.preview) {
    items.push(textBlock(escapeCardText(oneLine(option.preview, teamsLimits.previewChars))));
  }
  items.push(...citationBlocks(option.citations, 'Sources'));
  const label = oneLine(
    `${option.position}. ${option.interpretation}`,
    teamsLimits.actionTitleChars,
  );
  const data: SubmitData = { clarify: 'choose', value: option.value };
  return [container(items), actionSet([submitAction(label, data)])];
}

/** Elements packed into as few cards as stay within the payload limit, in order. */
function pack(lead: CardElement[], parts: CardElement[][], tail: CardElement[]): CardElement[][] {
  const cards: CardElement[][] = [];
  let current = [...lead];
  const weight = (elements: CardElement[]) => Buffer.byteLength(JSON.stringify(elements), 'utf8');
  for (const part of [...parts, tail]) {
    if (part.length === 0) continue;
    if (current.length > 0 && weight([...current, ...part]) > teamsLimits.cardBodyBytes) {
      cards.push(current);
      current = [];
    }
    current.push(...part);
  }
  if (current.length > 0 || cards.length === 0) cards.push(current);
  return cards;
}

function summaryOf(text: string): string {
  return oneLine(text, 200);
}

/**
 * A reply view as Teams messages, each one Adaptive Card within Teams' payload limit (TM-2):
 * the first replaces the working placeholder, the others follow in the reply chain. Document
 * and LLM text is escaped; the only links are http(s) citations; buttons carry opaque ids.
 */
export function renderCards(view: ReplyView): TeamsMessage[] {
  switch (view.kind) {
    case 'clarify': {
      const closing: CardElement[] = [];
      if (view.answerAll !== undefined) {
        closing.push(submitAction('Answer all', { clarify: 'choose', value: view.answerAll }));
      }
      closing.push(submitAction('None of these', { clarify: 'choose', value: view.none }));
      const lead = [
        textBlock(escapeCardText(clip(view.prompt, teamsLimits.textBlockChars)), {
          weight: 'Bolder',
        }),
        ...notes(view),
      ];
      const cards = pack(lead, view.options.map(optionElements), [actionSet(closing)]);
      return cards.map((body) => cardMessage(body, summaryOf(view.prompt)));
    }
    case 'answer': {
      const feedback: CardElement[] =
        view.feedback === undefined
          ? []
          : [
              actionSet([
                submitAction('👍', { clarify: 'feedback', value: view.feedback, rating: 'up' }),
                submitAction('👎', { clarify: 'feedback', value: view.feedback, rating: 'down' }),
              ]),
            ];
      const parts = [
        ...textBlocks(view.text, '(empty answer)'),
        ...citationBlocks(view.citations, 'Sources'),
      ];
      const cards = pack(
        notes(view),
        parts.map((block) => [block]),
        feedback,
      );
      return cards.map((body) => cardMessage(body, summaryOf(view.text)));
    }
    case 'no-answer': {
      const parts = [
        ...textBlocks(view.text, '(no answer)'),
        ...citationBlocks(view.nearest, 'Closest matches'),
      ];
      const cards = pack(
        notes(view),
        parts.map((block) => [block]),
        [],
      );
      return cards.map((body) => cardMessage(body, summaryOf(view.text)));
    }
  }
}

/**
 * The clarification once chosen: the question, every option with the chosen one marked, who
 * chose, and no buttons (it cannot be chosen again from here).
 */
export function renderChosen(chosen: ChosenView): TeamsMessage {
  const body: CardElement[] = [];
  if (chosen.question) {
    body.push(
      textBlock(escapeCardText(oneLine(chosen.question, teamsLimits.textBlockChars)), {
        weight: 'Bolder',
      }),
    );
  }
  for (const option of chosen.options ?? []) {
    const mark = option.id === chosen.optionId ? '✅' : '▫️';
    const shown = escapeCardText(oneLine(option.interpretation, teamsLimits.interpretationChars));
    body.push(
      textBlock(
        `${mark} ${option.id}. ${shown}`,
        option.id === chosen.optionId ? { weight: 'Bolder' } : { subtle: true },
      ),
    );
  }
  const label = escapeCardText(oneLine(chosen.label, teamsLimits.interpretationChars));
  body.push(textBlock(`Chosen: **${label}**`, { size: 'Small', color: 'Good' }));
  return cardMessage(body, `Chosen: ${oneLine(chosen.label, 200)}`);
}
