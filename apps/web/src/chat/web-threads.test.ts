import { describe, expect, it } from 'vitest';
import { createWebThreads } from './web-threads';

describe('createWebThreads', () => {
  it('keeps messages in order and replaces a placeholder in place', () => {
    const threads = createWebThreads();
    threads.append('a', { kind: 'question', text: 'Q' });
    const placeholder = threads.append('a', { kind: 'working', text: 'Looking…' });
    expect(threads.working('a')).toBe(true);
    threads.replace('a', placeholder, { kind: 'notice', text: 'done', tone: 'info' });
    expect(threads.working('a')).toBe(false);
    expect(threads.entries('a').map((entry) => entry.message.kind)).toEqual(['question', 'notice']);
  });

  it('forgets the least recently used thread and the oldest messages beyond its limits', () => {
    const threads = createWebThreads({ maxThreads: 2, maxEntries: 3 });
    threads.append('a', { kind: 'question', text: '1' });
    threads.append('b', { kind: 'question', text: '1' });
    threads.append('a', { kind: 'question', text: '2' });
    threads.append('c', { kind: 'question', text: '1' });
    expect(threads.entries('b')).toEqual([]);
    for (const text of ['3', '4', '5']) threads.append('a', { kind: 'question', text });
    expect(threads.entries('a').map((entry) => (entry.message as { text: string }).text)).toEqual([
      '3',
      '4',
      '5',
    ]);
  });
});
