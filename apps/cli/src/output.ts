/** Where a command writes: results to `out`, progress and diagnostics to `err`. */
export type Output = {
  out(line: string): void;
  err(line: string): void;
  /** Whether progress bars may be drawn (stderr is a terminal). */
  interactive: boolean;
};

export function createConsoleOutput(): Output {
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    interactive: Boolean(process.stderr.isTTY),
  };
}
