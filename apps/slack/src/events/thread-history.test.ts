import { describe, expect, it } from 'vitest';
import { threadHistory } from './thread-history';

const bot = { userId: 'UBOT', botId: 'BBOT' };
const message = (ts: string, text: string, user: string | undefined, botId?: string) => ({
  ts,
  text,
  user,
  botId,
  subtype: botId === undefined ? undefined : 'bot_message',
});

describe('threadHistory', () => {
  it('gives core words, not Slack markup: mentions, channels, links and escapes as a reader sees them', () => {
    const turns = threadHistory(
      [
        message('1.1', '<@UBOT> I moved to <#C1|rotterdam-office> &amp; <@U7|ana> said hi', 'U1'),
        message(
          '1.2',
          'See <https://wiki.example.com/leave|the leave policy> :wave:',
          undefined,
          'BBOT',
        ),
        message('1.3', 'later message', 'U1'),
      ],
      { beforeTs: '1.3', bot, isPlaceholder: () => false },
    );
    expect(turns).toEqual([
      { role: 'user', text: 'I moved to #rotterdam-office & @ana said hi' },
      {
        role: 'assistant',
        text: 'See the leave policy (https://wiki.example.com/leave) :wave:',
      },
    ]);
  });

  it('leaves out the bot placeholder and messages that are empty once the mention is gone', () => {
    const turns = threadHistory(
      [message('1.1', '<@UBOT>', 'U1'), message('1.2', 'Looking…', undefined, 'BBOT')],
      { beforeTs: '2.0', bot, isPlaceholder: (text) => text.startsWith('Looking') },
    );
    expect(turns).toEqual([]);
  });
});
