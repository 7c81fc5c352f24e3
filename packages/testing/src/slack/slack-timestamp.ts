const microsPerSecond = 1_000_000;

/** Slack's message id: seconds and six digits of microseconds, e.g. '1700000000.000100'. */
export function formatSlackTimestamp(micros: number): string {
  const seconds = Math.floor(micros / microsPerSecond);
  const fraction = String(micros % microsPerSecond).padStart(6, '0');
  return `${seconds}.${fraction}`;
}

/** The microseconds in a Slack `ts`; NaN when it is not one. */
export function parseSlackTimestamp(ts: string): number {
  const match = /^(\d+)\.(\d{6})$/.exec(ts);
  if (match === null) return Number.NaN;
  return Number(match[1]) * microsPerSecond + Number(match[2]);
}

export type SlackTimestampClock = {
  /** A `ts` later than every `ts` this clock has issued or seen. */
  next(): string;
  /** Notes a `ts` given from outside so that later ones come after it. */
  observe(ts: string): void;
};

/** Issues strictly increasing `ts` values 100 µs apart, from '1700000000.000100'. */
export function createSlackTimestampClock(start = 1_700_000_000_000_000): SlackTimestampClock {
  let last = start;
  return {
    next() {
      last += 100;
      return formatSlackTimestamp(last);
    },
    observe(ts) {
      const micros = parseSlackTimestamp(ts);
      if (micros > last) last = micros;
    },
  };
}
