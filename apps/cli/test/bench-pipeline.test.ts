import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

describe('clarify bench pipeline', () => {
  it('prints offline latency per stage and the costs of every strategy in one run', async () => {
    const { code, stdout, stderr } = await runCli(['bench', 'pipeline', '--limit', '4']);
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ {2}retrieve +\d+\.\d +\d+\.\d +4$/m);
    expect(stdout).toMatch(/^ {2}total +\d+\.\d +\d+\.\d +4$/m);
    for (const strategy of ['verdict', 'diva', 'adf', 'rac', 'rag']) {
      expect(stdout).toMatch(new RegExp(`^ {2}${strategy} +\\d+\\.\\d\\d +\\d+\\.\\d\\d`, 'm'));
    }
    // rag never clarifies: it answers every question as asked.
    expect(stdout).toMatch(/^ {2}rag .* — .* 0 clarify, 4 answer, 0 none$/m);
    expect(stdout).toMatch(/verdict prompt tokens per question, all stages: \d+ vs diva \d+/);
  });
});
