import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callSlackApi } from './call-slack-api';
import { startFakeSlackApi } from './start-fake-slack-api';
import type { FakeSlackApi } from './start-fake-slack-api';

let fake: FakeSlackApi;

beforeEach(async () => {
  fake = await startFakeSlackApi({
    users: { UADMIN: { isAdmin: true }, UOWNER: { isOwner: true } },
  });
});

afterEach(async () => {
  await fake.close();
});

const call = (method: string, args: Record<string, unknown>, json = false) =>
  callSlackApi(fake.url, method, args, { json });

const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: '*Working…*' } }];

describe('startFakeSlackApi', () => {
  it('serves the Web API under /api/ on 127.0.0.1 and answers auth.test', async () => {
    expect(fake.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/);
    const { status, body } = await call('auth.test', {});
    expect(status).toBe(200);
    expect(body).toMatchObject({
      ok: true,
      user: 'clarify',
      user_id: 'U0CLARIFY',
      bot_id: 'B0CLARIFY',
      team_id: 'T0CLARIFY',
    });
  });

  it('keeps chat.postMessage, chat.update and conversations.replies consistent', async () => {
    const parent = fake.seedMessage('C1', { user: 'U1', text: 'How do I reset my VPN?' });
    const posted = await call('chat.postMessage', {
      channel: 'C1',
      thread_ts: parent,
      text: 'Working…',
      blocks,
    });
    expect(posted.body).toMatchObject({
      ok: true,
      channel: 'C1',
      message: {
        user: 'U0CLARIFY',
        bot_id: 'B0CLARIFY',
        text: 'Working…',
        thread_ts: parent,
        blocks,
      },
    });
    const ts = String(posted.body['ts']);
    expect(Number(ts)).toBeGreaterThan(Number(parent));
    const updated = await call(
      'chat.update',
      { channel: 'C1', ts, text: 'Use the portal.', blocks: [] },
      true,
    );
    expect(updated.body).toMatchObject({ ok: true, channel: 'C1', ts, text: 'Use the portal.' });
    const replies = await call('conversations.replies', { channel: 'C1', ts: parent });
    expect(replies.body).toMatchObject({
      ok: true,
      has_more: false,
      response_metadata: { next_cursor: '' },
    });
    expect(replies.body['messages']).toEqual([
      expect.objectContaining({ ts: parent, user: 'U1', text: 'How do I reset my VPN?' }),
      expect.objectContaining({
        ts,
        user: 'U0CLARIFY',
        bot_id: 'B0CLARIFY',
        text: 'Use the portal.',
        thread_ts: parent,
        blocks: [],
      }),
    ]);
    expect(fake.messages('C1').map((message) => message.text)).toEqual([
      'How do I reset my VPN?',
      'Use the portal.',
    ]);
  });

  it('records every call with its method, token, parsed form or JSON args and status', async () => {
    await call('chat.postMessage', { channel: 'C1', text: 'form', blocks, unfurl_links: false });
    await call('chat.postMessage', { channel: 'C1', text: 'json', blocks }, true);
    expect(
      fake
        .callsTo('chat.postMessage')
        .map(({ method, token, args, status }) => ({ method, token, args, status })),
    ).toEqual([
      {
        method: 'chat.postMessage',
        token: 'xoxb-test',
        status: 200,
        args: { channel: 'C1', text: 'form', blocks, unfurl_links: 'false' },
      },
      {
        method: 'chat.postMessage',
        token: 'xoxb-test',
        status: 200,
        args: { channel: 'C1', text: 'json', blocks },
      },
    ]);
    expect(fake.calls[1]!.at).toBeGreaterThanOrEqual(fake.calls[0]!.at);
  });

  it('pages conversations.replies with limit and cursor', async () => {
    const parent = fake.seedMessage('C1', { user: 'U1', text: 'q' });
    fake.seedMessage('C1', { user: 'U2', text: 'r1', threadTs: parent });
    await call('chat.postMessage', { channel: 'C1', thread_ts: parent, text: 'r2' });
    const first = await call('conversations.replies', { channel: 'C1', ts: parent, limit: 2 });
    expect(first.body).toMatchObject({ ok: true, has_more: true });
    const cursor = (first.body['response_metadata'] as { next_cursor: string }).next_cursor;
    expect(cursor).not.toBe('');
    const second = await call('conversations.replies', {
      channel: 'C1',
      ts: parent,
      limit: 2,
      cursor,
    });
    const texts = (page: Record<string, unknown>) =>
      (page['messages'] as { text: string }[]).map(({ text }) => text);
    expect([...texts(first.body), ...texts(second.body)]).toEqual(['q', 'r1', 'r2']);
    expect(second.body).toMatchObject({ has_more: false, response_metadata: { next_cursor: '' } });
  });

  it('answers Slack errors for missing messages, other users, unknown users and methods', async () => {
    const human = fake.seedMessage('C1', { user: 'U1', text: 'mine' });
    const error = async (method: string, args: Record<string, unknown>) =>
      (await call(method, args)).body['error'];
    expect(await error('chat.update', { channel: 'C1', ts: '1.000000', text: 'x' })).toBe(
      'message_not_found',
    );
    expect(await error('chat.update', { channel: 'C1', ts: human, text: 'x' })).toBe(
      'cant_update_message',
    );
    expect(await error('chat.delete', { channel: 'C1', ts: '1.000000' })).toBe('message_not_found');
    expect(await error('conversations.replies', { channel: 'C1', ts: '1.000000' })).toBe(
      'thread_not_found',
    );
    expect(await error('users.info', { user: 'UNOBODY' })).toBe('user_not_found');
    expect(await error('admin.nothing', {})).toBe('unknown_method');
    expect((await callSlackApi(fake.url, 'auth.test', {}, { token: '' })).body['error']).toBe(
      'not_authed',
    );
    expect(fake.callsTo('admin.nothing')).toHaveLength(1);
  });

  it('answers users.info, deletes, ephemerals, reactions and assistant status', async () => {
    expect((await call('users.info', { user: 'UADMIN' })).body).toMatchObject({
      ok: true,
      user: { id: 'UADMIN', is_admin: true, is_owner: false },
    });
    expect((await call('users.info', { user: 'UOWNER' })).body).toMatchObject({
      user: { is_admin: false, is_owner: true },
    });
    const ephemeral = await call('chat.postEphemeral', {
      channel: 'C1',
      user: 'U1',
      text: 'only you',
    });
    expect(ephemeral.body['message_ts']).toMatch(/^\d+\.\d{6}$/);
    const ts = (await call('chat.postMessage', { channel: 'C1', text: 'bye' })).body['ts'];
    expect((await call('chat.delete', { channel: 'C1', ts })).body).toEqual({
      ok: true,
      channel: 'C1',
      ts,
    });
    expect(fake.messages('C1')).toEqual([]);
    expect(
      (await call('reactions.add', { channel: 'C1', timestamp: ts, name: 'eyes' })).body,
    ).toEqual({ ok: true });
    expect(
      (
        await call('assistant.threads.setStatus', {
          channel_id: 'D1',
          thread_ts: ts,
          status: 'is thinking…',
        })
      ).body,
    ).toEqual({ ok: true });
  });

  it('records JSON posts to response URLs', async () => {
    const url = fake.responseUrl('click-1');
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/respond\/click-1$/);
    const waiting = fake.waitForResponse((post) => post.id === 'click-1');
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'Expired, ask again', replace_original: false }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');
    expect((await waiting).body).toEqual({ text: 'Expired, ask again', replace_original: false });
    expect(fake.responses).toHaveLength(1);
    expect(fake.responseUrl()).not.toBe(fake.responseUrl());
  });

  it('waits for a call to come, and on timeout lists the calls it saw', async () => {
    const waiting = fake.waitFor((recorded) => recorded.method === 'chat.update', 2000);
    await call('chat.postMessage', { channel: 'C1', text: 'first' });
    const ts = fake.callsTo('chat.postMessage')[0]?.result['ts'];
    await call('chat.update', { channel: 'C1', ts, text: 'second' });
    expect((await waiting).args['text']).toBe('second');
    await expect(
      fake.waitFor((recorded) => recorded.method === 'reactions.add', 50),
    ).rejects.toThrow(
      /No matching call within 50 ms; 2 call\(s\) seen:\n {2}1\. chat\.postMessage → 200 ok .*"first".*\n {2}2\. chat\.update/,
    );
  });
});
