import type { App } from '@slack/bolt';
import type { SlackContext } from '../slack-context';
import { runAdminCommand } from './run-admin-command';

type Track = (work: Promise<void>) => void;

/** `/clarify …`: acknowledged at once, run in the background, answered through response_url. */
export function registerCommands(app: App, context: SlackContext, track: Track): void {
  app.command('/clarify', async ({ ack, command, respond }) => {
    const verb = command.text.trim().split(/\s+/)[0]?.toLowerCase();
    const knownAdmin = context.config.adminUserIds.includes(command.user_id);
    await ack(
      knownAdmin && verb === 'reindex'
        ? { response_type: 'ephemeral', text: 'Re-indexing… I will report the counts here.' }
        : undefined,
    );
    track(
      runAdminCommand(
        context,
        {
          teamId: command.team_id,
          user: command.user_id,
          channel: command.channel_id,
          text: command.text,
        },
        async (text) => {
          await respond({ response_type: 'ephemeral', replace_original: false, text });
        },
      ),
    );
  });
}
