import { readReadings, type ReadingsInput } from '@clarify/offline';

/** One task of the readings pool: stage 5's CPU-bound part, off the caller's event loop. */
export default function readInWorker(input: ReadingsInput) {
  return readReadings(input);
}

/** A task that only proves the thread has loaded the engine (the pool's `ready`). */
export function loaded(): true {
  return true;
}
