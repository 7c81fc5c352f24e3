import { createTask } from 'node-cron';

/**
 * How long a schedule allows between two runs: the gap between its next two runs ("0 3 * * *":
 * a day; "*\/15 * * * *": a quarter of an hour). Null for an expression node-cron refuses.
 */
export function scheduleIntervalMs(expression: string): number | null {
  try {
    const task = createTask(expression, () => {});
    try {
      const [first, second] = task.getNextRuns(2);
      return first && second ? second.getTime() - first.getTime() : null;
    } finally {
      void task.destroy();
    }
  } catch {
    return null;
  }
}

/**
 * Whether a scheduled source missed a run: it never succeeded, or its last success is older
 * than the schedule allows (one interval, with a minute's grace for a run in progress).
 */
export function missedRun(
  expression: string,
  lastSuccess: Date | null,
  now: Date = new Date(),
): boolean {
  if (lastSuccess === null) return true;
  const interval = scheduleIntervalMs(expression);
  if (interval === null) return false;
  return now.getTime() - lastSuccess.getTime() > interval + 60_000;
}

/** A source is stale when its last success is older than twice its schedule's interval. */
export function isStale(
  expression: string | null,
  lastSuccess: Date | null,
  now: Date = new Date(),
): boolean {
  if (expression === null || lastSuccess === null) return false;
  const interval = scheduleIntervalMs(expression);
  return interval !== null && now.getTime() - lastSuccess.getTime() > 2 * interval;
}
