/**
 * Maps items through an async function with at most `limit` calls in flight, keeping order.
 * The first rejection stops new calls from starting and is rethrown once running calls settle.
 */
export async function mapWithConcurrency<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;

  async function worker(): Promise<void> {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  }

  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  if (failure !== null) throw (failure as { error: unknown }).error;
  return results;
}
