import { describe, expect, it } from 'vitest';
import { parseFailure, withTimeout } from './parse-failure';

describe('parseFailure', () => {
  it('names the file and shortens long reasons', () => {
    const error = parseFailure('a/b/report.pdf', 'x'.repeat(500), new Error('inner'));
    expect(error.code).toBe('parse_failed');
    expect(error.message.startsWith('could not parse "report.pdf": xxx')).toBe(true);
    expect(error.message.length).toBeLessThan(200);
    expect((error.cause as Error).message).toBe('inner');
  });
});

describe('withTimeout', () => {
  it('rejects when the operation never settles', async () => {
    const never = new Promise<never>(() => undefined);
    await expect(withTimeout(never, 20)).rejects.toThrow('gave up after 0.02s');
  });

  it('passes the result through when the operation settles in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 1_000)).resolves.toBe(7);
  });
});
