import { ActivityHandler, TeamsInfo, TurnContext } from 'botbuilder';
import type { ConversationLayer } from '@clarify/chat';
import type { TeamsConnector } from '../teams-platform';
import type { createTeamDirectory } from '../graph/team-directory';
import {
  conversationOf,
  isAdminCommand,
  questionText,
  submitOf,
  teamOf,
  userOf,
} from './parse-activity';

export const ADMIN_PREFIX = '@Clarify';

type Remember = (
  conversation: ReturnType<typeof conversationOf>,
  reference: Partial<ReturnType<typeof TurnContext.getConversationReference>>,
  teamGroupId?: Promise<string | undefined>,
) => void;

type BotDeps = {
  layer: ConversationLayer;
  remember: Remember;
  connector: TeamsConnector;
  /** Where teams' group ids are kept, when reply chains are read through Graph. */
  teams?: ReturnType<typeof createTeamDirectory>;
};

/**
 * The bot's turn: @mentions in channels and group chats, personal chats, card buttons
 * (Action.Submit), and the admin commands. Nothing is awaited beyond parsing: the turn ends at
 * once (Teams is answered 200) and the conversation layer replies proactively.
 */
export function createClarifyBot(deps: BotDeps): ActivityHandler {
  const bot = new ActivityHandler();
  bot.onMessage(async (context, next) => {
    handleMessage(context, deps);
    await next();
  });
  return bot;
}

function handleMessage(context: TurnContext, deps: BotDeps): void {
  const { activity } = context;
  const conversation = conversationOf(activity);
  const reference = TurnContext.getConversationReference(activity);
  deps.remember(conversation, reference, teamGroupOf(context, deps));
  const userId = userOf(activity);
  const submit = submitOf(activity);
  if (submit !== null) {
    const messageId = activity.replyToId ?? '';
    if (submit.clarify === 'choose') {
      void deps.layer.choose({ conversation, userId, message: { messageId }, value: submit.value });
    } else {
      void deps.layer.feedback({
        conversation,
        userId,
        messageId,
        value: submit.value,
        rating: submit.rating,
      });
    }
    return;
  }
  if (activity.value !== undefined && !activity.text) {
    // A button this app did not render, or a forged one: said so, never silence.
    void deps.layer.choose({
      conversation,
      userId,
      message: { messageId: activity.replyToId ?? '' },
      value: '',
    });
    return;
  }
  const text = questionText(activity);
  if (isAdminCommand(text)) {
    void deps.layer.admin(
      { workspaceId: conversation.workspaceId, userId, text, prefix: ADMIN_PREFIX },
      async (reply) => {
        await deps.connector.send(reference, {
          type: 'message',
          text: reply,
          textFormat: 'markdown',
        });
      },
    );
    return;
  }
  void deps.layer.answer({
    conversation,
    userId,
    text,
    messageId: activity.id ?? '',
    eventKey: `activity:${conversation.channelId}:${activity.id ?? ''}`,
    inThread: true,
  });
}

/** The team's group id for Graph (looked up once per team, not awaited by the turn). */
function teamGroupOf(context: TurnContext, deps: BotDeps): Promise<string | undefined> | undefined {
  const team = teamOf(context.activity);
  if (deps.teams === undefined || team === undefined) return undefined;
  return deps.teams.groupOf(team.id, team.aadGroupId, async () => {
    const details = await TeamsInfo.getTeamDetails(context, team.id);
    return details.aadGroupId || undefined;
  });
}
