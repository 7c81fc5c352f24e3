import { ALREADY_CHOSEN_TEXT, EXPIRED_TEXT, type PendingClarification } from '@clarify/core';
import { deliverReply, replaceWithFailure } from '../events/answer-question';
import { describeFailure } from '../events/describe-failure';
import { decodeChoice, markChosen } from '../render';
import { PLATFORM, workingMessage, type SlackContext } from '../slack-context';

/** A click on a clarification's button, as the handler needs it. */
export type OptionClick = {
  teamId: string;
  channel: string;
  user: string;
  /** The clarification message. */
  messageTs: string;
  threadTs: string;
  value: string;
  /** The clarification message's blocks, to mark the choice in. */
  blocks: unknown[];
};

export const INVALID_BUTTON_TEXT =
  'This button is no longer valid — please ask your question again.';

/**
 * Answers the chosen option once (a double click or a second person's click gets a notice):
 * the choice is marked in the clarification (its buttons removed), and the cited answer
 * replaces a placeholder in the thread. "None of these" asks for a rephrase, which the thread's
 * next message is. Expired buttons get "expired, ask again".
 */
export async function chooseOption(context: SlackContext, click: OptionClick): Promise<void> {
  const { web } = context;
  const tell = (text: string) =>
    web.postEphemeral({ channel: click.channel, user: click.user, threadTs: click.threadTs, text });
  const choice = decodeChoice(click.value);
  if (choice === null) return tell(INVALID_BUTTON_TEXT);
  let pending: PendingClarification | null;
  try {
    pending = await context.clarifications.get(choice.clarificationId);
  } catch (error) {
    return tell(describeFailure(error));
  }
  if (pending === null || pending.expiresAt <= context.clock()) return tell(EXPIRED_TEXT);
  if (context.config.choiceBy === 'asker' && click.user !== pending.userId) {
    return tell(`Only <@${pending.userId}> can choose here; ask your own question to get options.`);
  }
  let first: boolean;
  try {
    first = await context.events.claim({
      platform: PLATFORM,
      key: `choice:${choice.clarificationId}`,
    });
  } catch (error) {
    return tell(describeFailure(error));
  }
  if (!first) return tell(ALREADY_CHOSEN_TEXT);

  await markInMessage(context, click, choice.optionId, optionLabel(pending, choice.optionId));
  const placeholder = await web.post({
    channel: click.channel,
    threadTs: click.threadTs,
    ...workingMessage(
      choice.optionId === 'none'
        ? undefined
        : `Answering “${optionLabel(pending, choice.optionId)}”…`,
    ),
  });
  try {
    const reply = await context.answering(() =>
      context.assistant.choose(choice.clarificationId, choice.optionId),
    );
    await deliverReply(
      context,
      { channel: click.channel, threadTs: click.threadTs, placeholderTs: placeholder },
      reply,
    );
  } catch (error) {
    context.logger.error({ err: error }, 'choice failed');
    await replaceWithFailure(context, { channel: click.channel, ts: placeholder }, error);
  }
}

function optionLabel(pending: PendingClarification, optionId: string): string {
  if (optionId === 'all') return 'Answer all';
  if (optionId === 'none') return 'None of these';
  return pending.interpretations[Number(optionId) - 1]?.interpretation ?? `option ${optionId}`;
}

/** Marks the choice in the clarification message; a failure here does not stop the answer. */
async function markInMessage(
  context: SlackContext,
  click: OptionClick,
  optionId: string,
  label: string,
): Promise<void> {
  try {
    const blocks = markChosen(click.blocks as Parameters<typeof markChosen>[0], {
      optionId,
      userId: click.user,
      label,
    });
    await context.web.update({
      channel: click.channel,
      ts: click.messageTs,
      text: `Chosen: ${label}`,
      blocks,
    });
  } catch (error) {
    context.logger.warn({ err: error }, 'could not mark the choice in the clarification');
  }
}
