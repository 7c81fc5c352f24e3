import { NEAR_DUPLICATE_DISTANCE } from './consolidation-settings';
import type { DistanceMatrix } from './single-linkage';

/**
 * Groups of near-duplicates: connected components of the graph linking candidates at most
 * `NEAR_DUPLICATE_DISTANCE` apart. Each group lists its members ascending; groups come in the
 * order of their lowest member.
 */
export function nearDuplicateGroups(distances: DistanceMatrix): number[][] {
  const group = new Array<number>(distances.length).fill(-1);
  const groups: number[][] = [];
  for (let start = 0; start < distances.length; start++) {
    if (group[start] !== -1) continue;
    const members = [start];
    group[start] = groups.length;
    for (let cursor = 0; cursor < members.length; cursor++) {
      const member = members[cursor] ?? start;
      for (let other = 0; other < distances.length; other++) {
        const distance = distances[member]?.[other] ?? Number.POSITIVE_INFINITY;
        if (group[other] === -1 && distance <= NEAR_DUPLICATE_DISTANCE) {
          group[other] = groups.length;
          members.push(other);
        }
      }
    }
    groups.push(members.sort((left, right) => left - right));
  }
  return groups;
}
