import { describe, expect, it } from 'vitest';
import { firstHeading, firstShortLine, titleFromPath } from './derive-title';

describe('derive-title', () => {
  it.each([
    ['docs/vpn-reset_guide.md', 'Vpn reset guide'],
    ['C:\\kb\\Onboarding Checklist.DOCX', 'Onboarding Checklist'],
    ['notes/release.v2.txt', 'Release.v2'],
    ['weird/---.md', '---.md'],
  ])('titleFromPath(%s) is %s', (path, title) => {
    expect(titleFromPath(path)).toBe(title);
  });

  it('finds the first heading outside code, up to a level', () => {
    expect(firstHeading('```\n# code\n```\n\n## Second\n\n# First', 1)).toBe('First');
    expect(firstHeading('```\n# code\n```\n\n## Second\n\n# First')).toBe('Second');
    expect(firstHeading('no headings')).toBeNull();
  });

  it('takes the first non-empty line only when it is short', () => {
    expect(firstShortLine('\n\n  Title line  \nbody')).toBe('Title line');
    expect(firstShortLine('x'.repeat(81))).toBeNull();
  });
});
