import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { labelledSplit, parseLabelledMessages } from './labelled-messages';

const path = join(import.meta.dirname, '../../data/gate/labelled.jsonl');

describe('the labelled workplace messages', () => {
  const messages = parseLabelledMessages(readFileSync(path, 'utf8'));

  it('has at least 300 messages, both labels well represented, unique ids', () => {
    expect(messages.length).toBeGreaterThanOrEqual(300);
    const dependent = messages.filter((message) => message.dependsOnHistory).length;
    expect(dependent).toBeGreaterThan(100);
    expect(messages.length - dependent).toBeGreaterThan(100);
    expect(new Set(messages.map((message) => message.id)).size).toBe(messages.length);
    expect(messages.every((message) => message.history.length >= 2)).toBe(true);
  });

  it('holds out about a quarter of the threads, never splitting one', () => {
    const threads = [...new Set(messages.map((message) => message.thread))];
    const heldOut = threads.filter((thread) => labelledSplit(thread) === 'held-out');
    expect(heldOut.length / threads.length).toBeGreaterThan(0.15);
    expect(heldOut.length / threads.length).toBeLessThan(0.35);
  });

  it('rejects malformed lines with their number', () => {
    expect(() => parseLabelledMessages('{"id":"m1"}')).toThrow(/line 1/);
    expect(() => parseLabelledMessages('\nnot json')).toThrow(/line 2/);
  });
});
