import { describe, expect, it } from 'vitest';
import { createSemaphore } from './create-semaphore';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createSemaphore', () => {
  it('runs at most `limit` tasks at once, in arrival order', async () => {
    const semaphore = createSemaphore(2);
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const runs = gates.map((gate, index) =>
      semaphore.run(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect([semaphore.running, semaphore.waiting]).toEqual([2, 2]);
    gates[1]?.resolve();
    await runs[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect([semaphore.running, semaphore.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const semaphore = createSemaphore(1);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await semaphore.run(() => Promise.resolve('next'))).toBe('next');
  });

  it('drops a waiting task whose signal aborts, and never starts it', async () => {
    const semaphore = createSemaphore(1);
    const gate = deferred();
    const first = semaphore.run(() => gate.promise);
    const controller = new AbortController();
    let ran = false;
    const second = semaphore.run(() => {
      ran = true;
      return Promise.resolve();
    }, controller.signal);
    controller.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    expect(semaphore.waiting).toBe(0);
    gate.resolve();
    await first;
    expect(ran).toBe(false);
    expect(semaphore.running).toBe(0);
  });

  it('rejects at once for an already aborted signal', async () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(
      createSemaphore(1).run(() => Promise.resolve(), controller.signal),
    ).rejects.toThrow('gone');
  });

  it('refuses a limit below one', () => {
    expect(() => createSemaphore(0)).toThrow(RangeError);
  });
});
