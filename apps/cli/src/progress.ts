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

/**
 * Progress of an evaluation over `total` question runs: a bar with an ETA on a terminal, else a
 * line at every tenth (so CI logs show it is alive without a line per question).
 */
export function createQuestionProgress(output: Output, total: number) {
  const started = performance.now();
  if (!output.interactive) {
    let reported = 0;
    return {
      update(done: number, label: string) {
        const tenth = Math.floor((done * 10) / Math.max(1, total));
        if (tenth <= reported && done !== total) return;
        reported = tenth;
        const seconds = ((performance.now() - started) / 1000 / done) * (total - done);
        output.err(`${label}: ${done}/${total} question runs, ETA ${Math.round(seconds)} s`);
      },
      stop: () => {},
    };
  }
  const bar = new cliProgress.SingleBar(
    {
      format: 'eval [{bar}] {value}/{total} question runs | {label} | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: true,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { label: '' });
  return {
    update: (done: number, label: string) => bar.update(done, { label }),
    stop: () => bar.stop(),
  };
}
