import { describe, expect, it } from 'vitest';
import type { EventLog } from '@clarify/core';
import { at } from './contract-clock';

const event = { platform: 'slack', key: 'T1:Ev01' };

/** What every EventLog does (RELIABILITY SL-3), whatever stores the claims. */
export function eventLogContract(make: () => EventLog): void {
  describe('EventLog contract', () => {
    it('claims an event once; every later claim gets false', async () => {
      const events = make();
      expect(await events.claim(event, at(0))).toBe(true);
      expect(await events.claim(event, at(1))).toBe(false);
      expect(await events.claim({ ...event }, at(2))).toBe(false);
    });

    it('keeps platforms and keys apart', async () => {
      const events = make();
      await events.claim(event, at(0));
      expect(await events.claim({ platform: 'teams', key: event.key }, at(1))).toBe(true);
      expect(await events.claim({ platform: 'slack', key: 'T1:Ev02' }, at(1))).toBe(true);
      expect(await events.claim({ platform: 'slack', key: 'T2:Ev01' }, at(1))).toBe(true);
    });

    it('lets one of 20 concurrent claims of a key win; 20 keys each win once', async () => {
      const events = make();
      const same = await Promise.all(
        Array.from({ length: 20 }, (_, index) => events.claim(event, at(index))),
      );
      expect(same.filter(Boolean)).toHaveLength(1);

      const distinct = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          events.claim({ platform: 'slack', key: `T1:Ev${100 + index}` }, at(index)),
        ),
      );
      expect(distinct.every(Boolean)).toBe(true);
    });

    it('prunes claims made before a date, after which their keys can be claimed again', async () => {
      const events = make();
      await events.claim({ platform: 'slack', key: 'old' }, at(0));
      await events.claim({ platform: 'teams', key: 'old' }, at(9));
      await events.claim({ platform: 'slack', key: 'boundary' }, at(10));
      await events.claim({ platform: 'slack', key: 'new' }, at(20));

      expect(await events.prune(at(10))).toBe(2);
      expect(await events.prune(at(10))).toBe(0);

      expect(await events.claim({ platform: 'slack', key: 'old' }, at(30))).toBe(true);
      expect(await events.claim({ platform: 'slack', key: 'boundary' }, at(30))).toBe(false);
      expect(await events.claim({ platform: 'slack', key: 'new' }, at(30))).toBe(false);
    });

    it('records a claim without a date at the current time', async () => {
      const events = make();
      expect(await events.claim(event)).toBe(true);
      const minute = 60_000;
      expect(await events.prune(new Date(Date.now() - minute))).toBe(0);
      expect(await events.claim(event)).toBe(false);
      expect(await events.prune(new Date(Date.now() + minute))).toBe(1);
      expect(await events.claim(event)).toBe(true);
    });
  });
}
