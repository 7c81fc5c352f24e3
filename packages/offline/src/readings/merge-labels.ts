import { contentStems } from './question-terms';

/**
 * Labels naming one thing: when every content word of one label is in another ("VPN
 * (GlobalProtect)" and "GlobalProtect VPN Setup"), both documents are about the same system and
 * the question has one reading there, named by the shorter label. Returns the label each label
 * stands as.
 */
export function mergeLabels(labels: readonly string[]): Map<string, string> {
  const distinct = [...new Set(labels)];
  const words = new Map(distinct.map((label) => [label, new Set(contentStems(label))]));
  const bySize = [...distinct].sort(
    (left, right) => (words.get(left)?.size ?? 0) - (words.get(right)?.size ?? 0),
  );
  const canonical = new Map<string, string>();
  for (const label of bySize) {
    const own = words.get(label) ?? new Set<string>();
    const general = bySize.find(
      (other) =>
        other !== label &&
        canonical.get(other) === other &&
        (words.get(other)?.size ?? 0) > 0 &&
        [...(words.get(other) ?? [])].every((word) => own.has(word)),
    );
    canonical.set(label, general ?? label);
  }
  return canonical;
}
