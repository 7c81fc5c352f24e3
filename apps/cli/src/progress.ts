import cliProgress from 'cli-progress';
import type { IndexProgress } from '@clarify/ingest';
import type { Output } from './output';

/** A progress bar on an interactive terminal; silent otherwise (logs get the final summary). */
export function createIndexProgress(output: Output, label: string) {
  if (!output.interactive) return { update: (_progress: IndexProgress) => {}, stop: () => {} };
  const bar = new cliProgress.SingleBar(
    {
      format:
        `${label} [{bar}] {value}/{total} documents | {chunks} chunks | ` +
        '{skipped} skipped (unchanged) | {deleted} deleted | {errors} errors | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: true,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(progress: IndexProgress) {
      const payload = {
        chunks: progress.counters.chunksWritten,
        skipped: progress.counters.documentsUnchanged,
        deleted: progress.counters.documentsDeleted,
        errors: progress.counters.documentsSkipped,
      };
      if (!started) {
        bar.start(progress.total, progress.processed, payload);
        started = true;
      } else {
        bar.setTotal(progress.total);
        bar.update(progress.processed, payload);
      }
    },
    stop: () => {
      if (started) bar.stop();
    },
  };
}
