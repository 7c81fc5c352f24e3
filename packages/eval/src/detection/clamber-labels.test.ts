import { describe, expect, it } from 'vitest';
import { clamberGroups, clamberHalf, parseClamberItems, type ClamberItem } from './clamber-labels';

/** A line as CLAMBER stores it: a JSON string holding a JSON object. */
function line(fields: Record<string, unknown>): string {
  return JSON.stringify(JSON.stringify({ context: '', predict_ambiguous: 1, ...fields }) + '\n');
}

describe('parseClamberItems', () => {
  it('reads the doubly encoded lines and keeps only the gold fields', () => {
    const text = [
      line({
        question: 'Who is the director of (Untitled)?',
        require_clarification: 1,
        category: 'LA',
        subclass: 'polysemy',
      }),
      line({
        question: 'Who starred in "54"?',
        require_clarification: 0,
        category: 'LA',
        subclass: 'polysemy',
      }),
      '',
    ].join('\n');
    expect(parseClamberItems(text)).toEqual([
      {
        message: 'Who is the director of (Untitled)?',
        ambiguous: true,
        category: 'LA',
        subclass: 'polysemy',
      },
      { message: 'Who starred in "54"?', ambiguous: false, category: 'LA', subclass: 'polysemy' },
    ]);
  });

  it('names the line that is not JSON or lacks a label', () => {
    expect(() => parseClamberItems('{oops')).toThrow(/line 1 is not JSON/);
    expect(() =>
      parseClamberItems(`\n${line({ question: 'q', category: 'MC', subclass: 'none' })}`),
    ).toThrow(/line 2 is malformed/);
  });
});

describe('clamberHalf', () => {
  it('puts a question in one half by its text, and uses both halves', () => {
    const questions = Array.from({ length: 200 }, (_value, index) => `Question number ${index}?`);
    const halves = questions.map(clamberHalf);
    expect(questions.map(clamberHalf)).toEqual(halves);
    const train = halves.filter((half) => half === 'train').length;
    expect(train).toBeGreaterThan(70);
    expect(train).toBeLessThan(130);
  });
});

describe('clamberGroups', () => {
  const item = (category: string, subclass: string, ambiguous: boolean): ClamberItem => ({
    message: `${category} ${subclass} ${ambiguous}`,
    ambiguous,
    category,
    subclass,
  });

  it('groups by category, then by the subclasses that hold both labels', () => {
    const items = [
      item('MC', 'whom', true),
      item('MC', 'none', false),
      item('FD', 'NK', true),
      item('FD', 'NK', false),
      item('FD', 'ICL', false),
    ];
    expect(clamberGroups(items).map((group) => [group.name, group.items.length])).toEqual([
      ['MC', 2],
      ['FD', 3],
      ['FD/NK', 2],
    ]);
  });
});
