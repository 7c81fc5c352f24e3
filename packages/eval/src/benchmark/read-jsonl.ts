import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { z } from 'zod';
import { handleProblem, type ProblemHandling } from './line-problems';

/**
 * The valid records of a JSON Lines file, in order, with their line numbers. Blank lines are skipped; a line that is not
 * JSON or does not fit `schema` is handled as a problem naming the file and line number.
 */
export async function readJsonl<T>(
  file: string,
  schema: z.ZodType<T>,
  handling: ProblemHandling,
): Promise<Array<{ line: number; value: T }>> {
  const records: Array<{ line: number; value: T }> = [];
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let number = 0;
  for await (const text of lines) {
    number++;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      handleProblem({ file, line: number, reason: 'not valid JSON' }, handling);
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const reason = parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'line'}: ${issue.message}`)
        .join('; ');
      handleProblem({ file, line: number, reason }, handling);
      continue;
    }
    records.push({ line: number, value: parsed.data });
  }
  return records;
}
