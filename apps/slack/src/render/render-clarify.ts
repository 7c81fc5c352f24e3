import type { OptionView, ReplyView } from '@clarify/chat';
import type { KnownBlock } from './block-kit';
import { buttonElement, contextBlock, sectionBlock } from './block-kit';
import { actionIds, clarifyActionsBlockPrefix, clarifyOptionActionId } from './action-ids';
import { escapeMrkdwn } from './escape-mrkdwn';
import { formatCitationList } from './format-citation';
import type { MessagePart } from './pack-messages';
import { packMessages } from './pack-messages';
import { noteBlocks } from './reply-blocks';
import { slackLimits } from './slack-limits';
import { truncateText } from './truncate-text';

export type ClarifyView = Extract<ReplyView, { kind: 'clarify' }>;

export { DEFAULT_CLARIFY_PROMPT as defaultClarifyPrompt } from '@clarify/chat';

const maxInterpretationLength = 500;
const maxPreviewLength = 500;

function optionPart(option: OptionView): MessagePart {
  const { position, interpretation } = option;
  let text = `*${position}. ${truncateText(escapeMrkdwn(interpretation), maxInterpretationLength)}*`;
  if (option.preview) text += `\n>${truncateText(escapeMrkdwn(option.preview), maxPreviewLength)}`;
  const blocks: KnownBlock[] = [sectionBlock(text)];
  const sources = formatCitationList(option.citations, 'Sources')[0];
  if (sources) blocks.push(contextBlock(sources));
  const button = buttonElement(
    clarifyOptionActionId(position),
    `${position}. ${interpretation}`,
    option.value,
  );
  return { blocks, buttons: [button] };
}

function closingButtons(view: ClarifyView): MessagePart {
  const buttons = [];
  if (view.answerAll !== undefined) {
    buttons.push(buttonElement(actionIds.answerAll, 'Answer all', view.answerAll));
  }
  buttons.push(buttonElement(actionIds.noneOfThese, 'None of these', view.none));
  return { blocks: [], buttons };
}

/**
 * A clarification's messages: the prompt (with "Interpreted as" and note), then per option its
 * interpretation, quoted answer preview and first sources. Each message ends with the buttons
 * of the options it shows (block_id `clarify_actions_<k>`); "Answer all" (two options or
 * more) and "None of these" close the last one.
 */
export function renderClarify(view: ClarifyView): KnownBlock[][] {
  return packMessages({
    lead: [
      sectionBlock(truncateText(escapeMrkdwn(view.prompt), slackLimits.sectionText)),
      ...noteBlocks(view),
    ],
    parts: view.options.map(optionPart),
    tail: closingButtons(view),
    actionsBlockPrefix: clarifyActionsBlockPrefix,
  });
}
