import type { App } from '@slack/bolt';
import { refusalText, type ConversationLayer } from '@clarify/chat';
import type { ChatConfig } from '@clarify/config';
import { slackStyle } from '../slack-renderer';

export const COMMAND = '/clarify';
export const REFUSAL_TEXT = refusalText(slackStyle, COMMAND);

/** `/clarify …`: acknowledged at once, run in the background, answered through response_url. */
export function registerCommands(
  app: App,
  layer: ConversationLayer,
  config: Pick<ChatConfig, 'adminUserIds'>,
): void {
  app.command(COMMAND, async ({ ack, command, respond }) => {
    const verb = command.text.trim().split(/\s+/)[0]?.toLowerCase();
    const knownAdmin = config.adminUserIds.includes(command.user_id);
    await ack(
      knownAdmin && verb === 'reindex'
        ? { response_type: 'ephemeral', text: 'Re-indexing… I will report the counts here.' }
        : undefined,
    );
    void layer.admin(
      {
        workspaceId: command.team_id,
        userId: command.user_id,
        text: command.text,
        prefix: COMMAND,
      },
      async (text) => {
        await respond({ response_type: 'ephemeral', replace_original: false, text });
      },
    );
  });
}
