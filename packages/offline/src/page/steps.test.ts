import { describe, expect, it } from 'vitest';
import { procedureSteps } from './steps';

describe('procedureSteps', () => {
  it('reads each numbered list whole, with the heading above it', () => {
    const text = `## Requesting leave

1. Open **Workday** and choose Absence.
2. Select the dates.
3. Your manager approves.

Clinical staff confirm cover first.

## Other

1. Only one step is no procedure.`;
    expect(procedureSteps(text)).toEqual([
      {
        heading: 'Requesting leave',
        text: '1. Open Workday and choose Absence.\n2. Select the dates.\n3. Your manager approves.',
      },
    ]);
  });

  it('keeps whole steps within the length it is given', () => {
    const steps = procedureSteps('1. First step here.\n2. Second step here.\n3. Third.', 40);
    expect(steps[0]?.text).toBe('1. First step here.\n2. Second step here.');
  });
});
