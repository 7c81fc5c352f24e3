import type { ChosenOption } from '@clarify/core';
import type { ClickedMessage, Conversation } from '../chat-platform';
import type { ChatContext } from '../chat-context';
import { decodeChoice } from '../view/button-values';
import { deliverReply, queueKey, replaceWithFailure, workingText } from './answer-question';
import { describeFailure } from './describe-failure';

/** A click on a clarification's button. */
export type OptionClick = {
  conversation: Conversation;
  userId: string;
  /** The clarification message, as the click carried it. */
  message: ClickedMessage;
  /** The button's value, as `encodeChoice` wrote it (or anything a forged request sends). */
  value: string;
};

export const INVALID_BUTTON_TEXT =
  'This button is no longer valid — please ask your question again.';

/**
 * Answers the chosen option once; core enforces the rest (expiry, one choice for any number of
 * clicks, only the asker when so configured) and a refused click gets its reason. Once chosen,
 * the clarification is marked (its buttons removed) and the cited answer replaces a
 * placeholder in the thread. "None of these" asks for a rephrase, which the thread's next
 * message is.
 */
export async function chooseOption<M>(context: ChatContext<M>, click: OptionClick): Promise<void> {
  const { platform, renderer } = context;
  const tell = (text: string) => platform.tell(click.conversation, click.userId, text);
  const choice = decodeChoice(click.value);
  if (choice === null) return tell(INVALID_BUTTON_TEXT);
  let placeholder: string | undefined;
  let answered: { question: string; reading: string } | undefined;
  let release: (() => void) | undefined;
  const placed = context.placing.enter();
  try {
    // Acknowledgements in flight go first: the platforms' deadline is theirs.
    await context.receiving.clear();
    const outcome = await context.assistant.chooseOption({
      ...choice,
      userId: click.userId,
      onlyAsker: context.config.choiceBy === 'asker',
      onChosen: async (chosen) => {
        answered = {
          question: chosen.clarification.interpretedAs ?? chosen.clarification.question,
          reading: chosen.label,
        };
        await markChosen(context, click, chosen);
        placeholder = await platform.post(
          click.conversation,
          renderer.working(
            chosen.optionId === 'none' ? workingText(0) : `Answering “${chosen.label}”…`,
          ),
        );
        placed();
        // The answer is written in turn with the other questions; the working state is up.
        release = await context.queue.hold(queueKey(click.conversation));
        await context.placing.clear();
      },
    });
    if (outcome.status === 'refused') {
      const text =
        outcome.reason === 'not-asker' && outcome.askerId !== undefined
          ? `Only ${renderer.mention(outcome.askerId)} can choose here; ask your own question to get options.`
          : outcome.text;
      return await tell(text);
    }
    if (placeholder === undefined) return;
    await deliverReply(context, click.conversation, placeholder, outcome.reply, {
      userId: click.userId,
      question: answered?.question ?? '',
      reading: answered?.reading ?? null,
    });
  } catch (error) {
    context.logger.error({ err: error }, 'choice failed');
    if (placeholder === undefined) return tell(describeFailure(error));
    await replaceWithFailure(context, click.conversation, placeholder, error);
  } finally {
    placed();
    release?.();
  }
}

/** Marks the choice in the clarification message; a failure here does not stop the answer. */
async function markChosen<M>(
  context: ChatContext<M>,
  click: OptionClick,
  chosen: ChosenOption,
): Promise<void> {
  try {
    const { clarification } = chosen;
    const marked = context.renderer.chosen(click.message, {
      optionId: chosen.optionId,
      userId: click.userId,
      label: chosen.label,
      question: clarification.interpretedAs ?? clarification.question,
      options: clarification.interpretations.map((interpretation, index) => ({
        id: String(index + 1),
        interpretation: interpretation.interpretation,
      })),
    });
    if (marked !== null) {
      await context.platform.update(click.conversation, click.message.messageId, marked);
    }
  } catch (error) {
    context.logger.warn({ err: error }, 'could not mark the choice in the clarification');
  }
}
