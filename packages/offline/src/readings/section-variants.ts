import type { Passage } from '@clarify/core';

/**
 * When every answer comes from one document, its sections are readings of the question only
 * if they are variants of one thing: sibling sections (same parent heading) named by proper
 * names, such as "United States" and "Netherlands" in a payroll calendar. Sections named in
 * sentence case ("Response expectations", "Roles in an incident") are parts of one topic, and
 * numbered ones ("1.1 Schedule") steps of one procedure, not alternatives. Returns the chunk
 * ids of the passages in the largest such sibling set (two distinct headings or more), or none.
 */
export function sectionVariants(passages: readonly Passage[]): Set<string> {
  const byParent = new Map<string, { headings: Set<string>; chunks: string[] }>();
  for (const passage of passages) {
    const path = passage.headingPath.filter((heading) => heading !== passage.title);
    const heading = path[path.length - 1];
    if (heading === undefined || !isProperName(heading)) continue;
    const parent = path.slice(0, -1).join('\u0000');
    const siblings = byParent.get(parent) ?? { headings: new Set<string>(), chunks: [] };
    siblings.headings.add(heading);
    siblings.chunks.push(passage.chunkId);
    byParent.set(parent, siblings);
  }
  const largest = [...byParent.values()]
    .filter((siblings) => siblings.headings.size >= 2)
    .sort((left, right) => right.headings.size - left.headings.size)[0];
  return new Set(largest?.chunks ?? []);
}

/** One to four words, each capitalised ("Netherlands", "United States"), brackets allowed. */
function isProperName(heading: string): boolean {
  const words = heading
    .replace(/\([^)]*\)/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '');
  return (
    words.length >= 1 &&
    words.length <= 4 &&
    words.every((word) => /^\p{Lu}\p{Ll}/u.test(word) || /^(of|and|the|&)$/.test(word))
  );
}
