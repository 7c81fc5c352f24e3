import type { ClarifyOption, Reply } from '@clarify/core';
import type { KnownBlock } from './block-kit';
import { buttonElement, contextBlock, sectionBlock } from './block-kit';
import {
  actionIds,
  clarifyActionsBlockPrefix,
  clarifyOptionActionId,
  encodeChoice,
} from './action-ids';
import { escapeMrkdwn } from './escape-mrkdwn';
import { formatCitationList, mergeSameDocument } from './format-citation';
import type { MessagePart } from './pack-messages';
import { packMessages } from './pack-messages';
import { noteBlocks } from './reply-blocks';
import { slackLimits } from './slack-limits';
import { collapseWhitespace, truncateText } from './truncate-text';

export type ClarifyReply = Extract<Reply, { kind: 'clarify' }>;

export const defaultClarifyPrompt = 'Which of these do you mean?';

/** The citations shown under one option (its answer is written in full once chosen). */
export const maxCitationsPerOption = 3;

const maxInterpretationLength = 500;
const maxPreviewLength = 500;

function optionPart(option: ClarifyOption, position: number, clarificationId: string) {
  const interpretation = collapseWhitespace(option.interpretation) || `Option ${position}`;
  let text = `*${position}. ${truncateText(escapeMrkdwn(interpretation), maxInterpretationLength)}*`;
  const preview = collapseWhitespace(option.answerPreview) || collapseWhitespace(option.answer);
  if (preview) text += `\n>${truncateText(escapeMrkdwn(preview), maxPreviewLength)}`;
  const blocks: KnownBlock[] = [sectionBlock(text)];
  const sources = formatCitationList(
    mergeSameDocument(option.citations).slice(0, maxCitationsPerOption),
    'Sources',
  )[0];
  if (sources) blocks.push(contextBlock(sources));
  const value = encodeChoice({ clarificationId, optionId: option.id });
  const button = buttonElement(
    clarifyOptionActionId(position),
    `${position}. ${interpretation}`,
    value,
  );
  return { blocks, buttons: [button] } satisfies MessagePart;
}

function closingButtons(reply: ClarifyReply): MessagePart {
  const { clarificationId } = reply;
  const buttons = [];
  if (reply.options.length >= 2) {
    const value = encodeChoice({ clarificationId, optionId: 'all' });
    buttons.push(buttonElement(actionIds.answerAll, 'Answer all', value));
  }
  const none = encodeChoice({ clarificationId, optionId: 'none' });
  buttons.push(buttonElement(actionIds.noneOfThese, 'None of these', none));
  return { blocks: [], buttons };
}

/**
 * A clarification's messages: the prompt (with "Interpreted as" and note), then per option its
 * interpretation, quoted answer preview and first sources. Each message ends with the buttons
 * of the options it shows (block_id `clarify_actions_<k>`); "Answer all" (two options or
 * more) and "None of these" close the last one.
 */
export function renderClarify(reply: ClarifyReply): KnownBlock[][] {
  const prompt = collapseWhitespace(reply.prompt) || defaultClarifyPrompt;
  return packMessages({
    lead: [
      sectionBlock(truncateText(escapeMrkdwn(prompt), slackLimits.sectionText)),
      ...noteBlocks(reply),
    ],
    parts: reply.options.map((option, index) =>
      optionPart(option, index + 1, reply.clarificationId),
    ),
    tail: closingButtons(reply),
    actionsBlockPrefix: clarifyActionsBlockPrefix,
  });
}
