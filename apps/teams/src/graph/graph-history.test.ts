import { describe, expect, it } from 'vitest';
import { graphUserMessage } from '@clarify/testing';
import { graphHistory } from './graph-history';
import type { GraphMessage } from './graph-message';

const APP = '00000000-0000-4000-8000-0000000c1a21';
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));

function botCard(id: string, minute: number, texts: string[]): GraphMessage {
  return {
    id,
    replyToId: '1000',
    messageType: 'message',
    createdDateTime: at(minute).toISOString(),
    from: { user: null, application: { id: APP, displayName: 'Clarify' } },
    body: { contentType: 'html', content: '<attachment id="a1"></attachment>' },
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        content: JSON.stringify({
          type: 'AdaptiveCard',
          body: texts.map((text) => ({ type: 'TextBlock', text })),
        }),
      },
    ],
  };
}

describe('graphHistory', () => {
  it('reads people and the bot in order, before the message asked about', () => {
    const messages: GraphMessage[] = [
      graphUserMessage({
        id: '1003',
        text: 'And for Boston?',
        userId: 'u1',
        at: at(3),
        replyToId: '1000',
      }),
      botCard('1002', 2, [
        'Interpreted as: Rotterdam',
        'You get 26 vacation days \\(Rotterdam\\)\\.',
        'Sources',
      ]),
      graphUserMessage({
        id: '1001',
        text: 'how many vacation days do I get?',
        userId: 'u1',
        at: at(1),
        replyToId: '1000',
        mentionsApp: { id: APP, name: 'Clarify' },
      }),
      graphUserMessage({
        id: '1000',
        text: 'I moved to Rotterdam & love it <3',
        userId: 'u2',
        at: at(0),
      }),
      graphUserMessage({
        id: '1004',
        text: 'later message',
        userId: 'u2',
        at: at(4),
        replyToId: '1000',
      }),
    ];
    expect(graphHistory(messages, { appId: APP, beforeId: '1003' })).toEqual([
      { role: 'user', text: 'I moved to Rotterdam & love it <3' },
      { role: 'user', text: 'how many vacation days do I get?' },
      { role: 'assistant', text: 'You get 26 vacation days (Rotterdam).' },
    ]);
  });

  it('leaves out placeholders, deleted messages and system events; keeps other mentions as names', () => {
    const placeholder: GraphMessage = {
      id: '1001',
      createdDateTime: at(1).toISOString(),
      from: { application: { id: `28:${APP}` } },
      body: { contentType: 'text', content: '⏳ Looking through the documents…' },
    };
    const deleted = {
      ...graphUserMessage({ id: '1002', text: 'oops', userId: 'u1', at: at(2) }),
      deletedDateTime: at(2).toISOString(),
    };
    const system: GraphMessage = {
      id: '1003',
      messageType: 'systemEventMessage',
      createdDateTime: at(3).toISOString(),
    };
    const mentioning: GraphMessage = {
      id: '1004',
      createdDateTime: at(4).toISOString(),
      from: { user: { id: 'u1' } },
      body: { contentType: 'html', content: '<p>ask <at id="0">Ana Ruiz</at> about it</p>' },
      mentions: [{ id: 0, mentionText: 'Ana Ruiz', mentioned: { user: { id: 'u9' } } }],
    };
    expect(
      graphHistory([placeholder, deleted, system, mentioning], { appId: APP, beforeId: '9999' }),
    ).toEqual([{ role: 'user', text: 'ask @Ana Ruiz about it' }]);
  });
});
