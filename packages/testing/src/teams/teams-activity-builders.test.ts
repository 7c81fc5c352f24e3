import { describe, expect, it } from 'vitest';
import { cardSubmit, channelMention, personalMessage } from './teams-activity-builders';

const parties = {
  serviceUrl: 'http://127.0.0.1:1234/',
  botId: 'bot-app-id',
  userId: 'aad-user-1',
  tenantId: 'tenant-1',
};
const place = { teamId: '19:team@thread.tacv2', channelId: '19:chan@thread.tacv2' };

describe('teams activity builders', () => {
  it('builds a channel mention that starts a thread', () => {
    const activity = channelMention({ ...parties, ...place, botName: 'Clarify', text: 'why?' });
    expect(activity).toEqual({
      type: 'message',
      channelId: 'msteams',
      id: expect.any(String) as string,
      timestamp: expect.any(String) as string,
      serviceUrl: 'http://127.0.0.1:1234/',
      from: { id: '29:aad-user-1', name: 'Test User', aadObjectId: 'aad-user-1' },
      recipient: { id: '28:bot-app-id', name: 'Clarify' },
      conversation: {
        id: `19:chan@thread.tacv2;messageid=${activity.id}`,
        conversationType: 'channel',
        isGroup: true,
        tenantId: 'tenant-1',
      },
      text: '<at>Clarify</at> why?',
      textFormat: 'plain',
      entities: [
        {
          type: 'mention',
          mentioned: { id: '28:bot-app-id', name: 'Clarify' },
          text: '<at>Clarify</at>',
        },
      ],
      channelData: {
        teamsChannelId: '19:chan@thread.tacv2',
        teamsTeamId: '19:team@thread.tacv2',
        channel: { id: '19:chan@thread.tacv2' },
        team: { id: '19:team@thread.tacv2' },
        tenant: { id: 'tenant-1' },
      },
    });
    expect(new Date(activity['timestamp'] as string).getTime()).not.toBeNaN();
  });

  it('builds a mention replying in a thread, with a given message id', () => {
    const activity = channelMention({
      ...parties,
      ...place,
      userName: 'Ada',
      text: 'and?',
      messageId: '456',
      replyToRoot: '123',
    });
    expect(activity).toMatchObject({
      id: '456',
      replyToId: '123',
      from: { name: 'Ada' },
      conversation: { id: '19:chan@thread.tacv2;messageid=123' },
    });
  });

  it('gives every activity a fresh id', () => {
    const ids = Array.from({ length: 50 }, () => personalMessage({ ...parties, text: 'x' }).id);
    expect(new Set(ids).size).toBe(50);
  });

  it('builds a personal message without a mention', () => {
    const activity = personalMessage({ ...parties, text: 'hello' });
    expect(activity).toMatchObject({
      type: 'message',
      text: 'hello',
      from: { id: '29:aad-user-1', aadObjectId: 'aad-user-1' },
      recipient: { id: '28:bot-app-id' },
      conversation: { conversationType: 'personal', tenantId: 'tenant-1' },
      channelData: { tenant: { id: 'tenant-1' } },
    });
    expect(activity.conversation.id).toMatch(/^a:1personal/);
    expect(activity).not.toHaveProperty('entities');
    expect(activity).not.toHaveProperty('replyToId');
    const next = personalMessage({
      ...parties,
      text: 'again',
      conversationId: activity.conversation.id,
    });
    expect(next.conversation.id).toBe(activity.conversation.id);
  });

  it('builds a card submit in a channel thread and in a personal chat', () => {
    const value = { action: 'choose', option: '2' };
    const inChannel = cardSubmit({
      ...parties,
      ...place,
      conversationType: 'channel',
      replyToId: 'act-7',
      replyToRoot: '123',
      value,
    });
    expect(inChannel).toMatchObject({
      type: 'message',
      replyToId: 'act-7',
      value,
      conversation: { id: '19:chan@thread.tacv2;messageid=123', conversationType: 'channel' },
      channelData: { teamsTeamId: '19:team@thread.tacv2', source: { name: 'message' } },
    });
    expect(inChannel).not.toHaveProperty('text');
    const rootCard = cardSubmit({
      ...parties,
      ...place,
      conversationType: 'channel',
      replyToId: 'act-1',
      value,
    });
    expect(rootCard.conversation.id).toBe('19:chan@thread.tacv2;messageid=act-1');
    const personal = cardSubmit({
      ...parties,
      conversationType: 'personal',
      conversationId: 'a:1chat',
      replyToId: 'act-2',
      value,
    });
    expect(personal).toMatchObject({
      replyToId: 'act-2',
      value,
      conversation: { id: 'a:1chat', conversationType: 'personal' },
      channelData: { tenant: { id: 'tenant-1' } },
    });
  });
});
