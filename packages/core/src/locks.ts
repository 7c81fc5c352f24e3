export type LockResult<T> = { acquired: true; value: T } | { acquired: false };

/** Runs a task under a named lock if it is free; never waits. */
export type TryWithLock = <T>(key: string, task: () => Promise<T>) => Promise<LockResult<T>>;
