/** Where a command writes: results to `out`, progress and diagnostics to `err`. */
export type Output = {
  out(line: string): void;
  err(line: string): void;
  /** Whether progress bars may be drawn (stderr is a terminal). */
  interactive: boolean;
};

export function createConsoleOutput(): Output {
  // `clarify search … | head` closes the pipe early: stop quietly, as Unix tools do.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    interactive: Boolean(process.stderr.isTTY),
  };
}
