import { describe, expect, it } from 'vitest';
import { createWorkQueue } from '../src';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('createWorkQueue', () => {
  it('runs at most `concurrency` pieces at once and says how many are ahead', async () => {
    const queue = createWorkQueue(2);
    let running = 0;
    let most = 0;
    const aheads: number[] = [];
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    const all = ['a', 'b', 'c', 'd', 'e'].map((key) => {
      aheads.push(queue.ahead());
      return queue.run(key, work);
    });
    await Promise.all(all);
    expect(most).toBe(2);
    expect(aheads).toEqual([0, 0, 1, 2, 3]);
    expect(queue.ahead()).toBe(0);
  });

  it('keeps the order within a key, whatever the other keys do', async () => {
    const queue = createWorkQueue(4);
    const done: string[] = [];
    const work = (name: string, ms: number) => async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      done.push(name);
    };
    await Promise.all([
      queue.run('thread', work('first', 30)),
      queue.run('thread', work('second', 1)),
      queue.run('other', work('other', 10)),
    ]);
    expect(done).toEqual(['other', 'first', 'second']);
  });

  it('goes on after a failure, and holds a slot until released', async () => {
    const queue = createWorkQueue(1);
    await expect(queue.run('k', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const release = await queue.hold('k');
    let ran = false;
    const next = queue.run('k', () => Promise.resolve(void (ran = true)));
    await tick();
    expect(ran).toBe(false);
    release();
    await next;
    expect(ran).toBe(true);
  });
});
