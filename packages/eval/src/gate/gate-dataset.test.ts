import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveGateDataset } from './gate-dataset';

const root = mkdtempSync(join(tmpdir(), 'clarify-gate-dataset-'));
const detection = join(root, 'detection');
mkdirSync(join(detection, 'clariq'), { recursive: true });
writeFileSync(join(detection, 'clariq', 'dev.tsv'), 'topic_id\n');
const renamed = join(root, 'my-copy');
mkdirSync(renamed);
writeFileSync(join(renamed, 'clamber_benchmark.jsonl'), '');

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('resolveGateDataset', () => {
  it('looks a bare name up under <evalDir>/detection', () => {
    expect(resolveGateDataset('clariq', root)).toEqual({
      name: 'clariq',
      folder: join(detection, 'clariq'),
    });
  });

  it('takes a folder path, known by its name or by the file it holds', () => {
    expect(resolveGateDataset(join(detection, 'clariq'), '/elsewhere').name).toBe('clariq');
    expect(resolveGateDataset(renamed)).toEqual({ name: 'clamber', folder: renamed });
  });

  it('names the missing file or folder in one line', () => {
    expect(() => resolveGateDataset('canard', root)).toThrow(
      `canard data not found: ${join(detection, 'canard', 'dev.json')}`,
    );
    expect(() => resolveGateDataset(join(root, 'nothing'))).toThrow(
      /^dataset folder not found: .*nothing \(or name one of canard, clariq, clamber\)$/,
    );
    expect(() => resolveGateDataset(root)).toThrow(`no detection set in ${root}`);
  });
});
