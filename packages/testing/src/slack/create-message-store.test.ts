import { describe, expect, it } from 'vitest';
import { createMessageStore } from './create-message-store';
import { formatSlackTimestamp, parseSlackTimestamp } from './slack-timestamp';

describe('createMessageStore', () => {
  it('issues strictly increasing ts values in Slack format, from now, after any seeded ts', () => {
    const before = Date.now() * 1000;
    const store = createMessageStore();
    const first = store.post('C1', { user: 'U1', text: 'a' }).ts;
    const seeded = store.post('C2', { user: 'U1', text: 'b', ts: '4000000000.000000' }).ts;
    const later = store.post('C1', { user: 'U1', text: 'c' }).ts;
    expect(parseSlackTimestamp(first)).toBeGreaterThan(before);
    expect(parseSlackTimestamp(first)).toBeLessThan(before + 60_000_000);
    expect(seeded).toBe('4000000000.000000');
    expect(parseSlackTimestamp(later)).toBeGreaterThan(parseSlackTimestamp(seeded));
    expect(later).toMatch(/^\d{10}\.\d{6}$/);
  });

  it('formats and parses microseconds', () => {
    expect(formatSlackTimestamp(1_700_000_000_000_042)).toBe('1700000000.000042');
    expect(parseSlackTimestamp('1700000000.000042')).toBe(1_700_000_000_000_042);
    expect(parseSlackTimestamp('not-a-ts')).toBeNaN();
  });

  it('keeps a channel in ts order whatever order messages arrive in', () => {
    const store = createMessageStore();
    store.post('C1', { user: 'U1', text: 'late', ts: '1700000001.000000' });
    store.post('C1', { user: 'U1', text: 'early', ts: '1700000000.500000' });
    expect(store.messages('C1').map((message) => message.text)).toEqual(['early', 'late']);
    expect(store.messages('C-empty')).toEqual([]);
  });

  it('returns a thread from its parent or a reply, parent first, with reply_count', () => {
    const store = createMessageStore();
    const parent = store.post('C1', { user: 'U1', text: 'question' }).ts;
    store.post('C1', { user: 'U1', text: 'elsewhere' });
    const reply = store.post('C1', { user: 'UBOT', botId: 'B1', text: 'answer', threadTs: parent });
    store.post('C2', { user: 'U1', text: 'other channel', threadTs: parent });
    for (const ts of [parent, reply.ts]) {
      const page = store.replies('C1', ts, { limit: 100 });
      expect(page).toEqual({
        ok: true,
        nextCursor: '',
        messages: [
          {
            type: 'message',
            ts: parent,
            user: 'U1',
            text: 'question',
            thread_ts: parent,
            reply_count: 1,
          },
          {
            type: 'message',
            ts: reply.ts,
            user: 'UBOT',
            bot_id: 'B1',
            text: 'answer',
            thread_ts: parent,
          },
        ],
      });
    }
    expect(store.replies('C1', '1600000000.000000', { limit: 10 })).toEqual({
      ok: false,
      error: 'thread_not_found',
    });
  });

  it('pages a thread with limit and cursor', () => {
    const store = createMessageStore();
    const parent = store.post('C1', { user: 'U1', text: 'p' }).ts;
    for (const text of ['r1', 'r2', 'r3', 'r4'])
      store.post('C1', { user: 'U1', text, threadTs: parent });
    const texts: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = store.replies('C1', parent, { limit: 2, ...(cursor ? { cursor } : {}) });
      if (!page.ok) throw new Error(page.error);
      texts.push(page.messages.map((message) => message.text));
      cursor = page.nextCursor;
    } while (cursor !== '');
    expect(texts).toEqual([['p', 'r1'], ['r2', 'r3'], ['r4']]);
    expect(store.replies('C1', parent, { limit: 2, cursor: 'bogus' })).toEqual({
      ok: false,
      error: 'invalid_cursor',
    });
  });

  it('updates and removes by ts, and hands out copies', () => {
    const store = createMessageStore();
    const { ts } = store.post('C1', { user: 'U1', text: 'working…' });
    expect(store.update('C1', ts, { text: 'done', blocks: [{ type: 'divider' }] })).toMatchObject({
      text: 'done',
      blocks: [{ type: 'divider' }],
    });
    expect(store.update('C1', '1.000000', { text: 'x' })).toBeUndefined();
    for (const message of store.messages('C1')) message.text = 'mutated';
    expect(store.find('C1', ts)?.text).toBe('done');
    expect(store.remove('C1', ts)).toBe(true);
    expect(store.remove('C1', ts)).toBe(false);
    expect(store.messages('C1')).toEqual([]);
  });
});
