import { describe, expect, it } from 'vitest';
import { metricsRegistry } from '@clarify/runtime';
import { readText } from './deploy-files';

type Panel = { title: string; targets: Array<{ expr: string }> };

describe('deploy/grafana/clarify-dashboard.json', () => {
  const dashboard = JSON.parse(readText('deploy/grafana/clarify-dashboard.json')) as {
    panels: Panel[];
  };
  const exposed = new Set(metricsRegistry.getMetricsAsArray().map((metric) => metric.name));

  it('charts only series the apps expose (histograms by their _bucket series)', () => {
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        for (const [name] of target.expr.matchAll(/\b(?:clarify|process)_[a-z_]+/g)) {
          used.add(name.replace(/_(bucket|count|sum)$/, ''));
        }
      }
    }
    for (const name of used) expect(exposed, name).toContain(name);
  });

  it('charts every series Clarify exposes', () => {
    const charted = dashboard.panels
      .flatMap((panel) => panel.targets.map((target) => target.expr))
      .join('\n');
    for (const name of exposed) {
      if (name.startsWith('clarify_')) expect(charted, name).toContain(name);
    }
  });
});
