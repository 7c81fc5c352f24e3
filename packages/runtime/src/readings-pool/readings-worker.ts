import { readReadings, type ReadingsInput } from '@clarify/offline';

/** One task of the readings pool: stage 5's CPU-bound part, off the caller's event loop. */
export default function readInWorker(input: ReadingsInput) {
  return readReadings(input);
}
