import { describe, expect, it } from 'vitest';
import { tableRowsAsLines } from './table-rows-as-lines';

describe('tableRowsAsLines', () => {
  it('names each cell by its column and keeps other lines', () => {
    const text =
      'Days per office.\n\n| Office | Vacation days |\n|---|---:|\n| Boston | 20 |\n| Rotterdam | |\nAfter.';
    expect(tableRowsAsLines(text)).toBe(
      'Days per office.\n\nOffice: Boston; Vacation days: 20\nOffice: Rotterdam\nAfter.',
    );
  });
});
