/**
 * Merges groups whose candidates share a normalised answer, so equal answers end in one
 * interpretation however the interpretations are worded; a candidate outside every group
 * joins the group holding its answer. Empty answers never match. Members come back ascending,
 * groups in the order of their lowest member.
 */
export function mergeEqualAnswers(
  groups: readonly (readonly number[])[],
  answers: readonly string[],
): number[][] {
  const owner = groups.map((_, index) => index);
  const find = (group: number): number => {
    let root = group;
    while (owner[root] !== root) root = owner[root] ?? root;
    return root;
  };
  const groupOfAnswer = new Map<string, number>();
  groups.forEach((members, group) => {
    for (const member of members) {
      const answer = answers[member] ?? '';
      if (answer === '') continue;
      const earlier = groupOfAnswer.get(answer);
      if (earlier === undefined) groupOfAnswer.set(answer, group);
      else owner[find(group)] = find(earlier);
    }
  });

  const merged = new Map<number, number[]>();
  groups.forEach((members, group) => {
    const root = find(group);
    merged.set(root, [...(merged.get(root) ?? []), ...members]);
  });
  const grouped = new Set(groups.flat());
  answers.forEach((answer, candidate) => {
    const group = groupOfAnswer.get(answer);
    if (answer === '' || group === undefined || grouped.has(candidate)) return;
    merged.get(find(group))?.push(candidate);
  });
  return [...merged.values()]
    .map((members) => [...new Set(members)].sort((left, right) => left - right))
    .sort((left, right) => (left[0] ?? 0) - (right[0] ?? 0));
}
