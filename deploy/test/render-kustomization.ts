import { existsSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { readYamlDocuments, ROOT } from './deploy-files';

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
};

type Kustomization = {
  resources?: string[];
  namespace?: string;
  labels?: Array<{ pairs: Record<string, string> }>;
  images?: Array<{ name: string; newName?: string; newTag?: string }>;
  patches?: Array<{ path: string }>;
};

/**
 * What `kubectl kustomize <dir>` renders, for the features these kustomizations use: resources
 * (files and directories), strategic-merge patches from files (containers merged by name),
 * `images`, `namespace` and `labels`. Anything else in a kustomization fails the render, so a
 * feature added to the files is added here, not silently ignored.
 */
export function renderKustomization(directory: string): Manifest[] {
  const absolute = join(ROOT, directory);
  const [kustomization] = readYamlDocuments(relative(ROOT, join(absolute, 'kustomization.yaml')));
  const known = new Set([
    'apiVersion',
    'kind',
    'resources',
    'namespace',
    'labels',
    'images',
    'patches',
  ]);
  for (const key of Object.keys(kustomization ?? {})) {
    if (!known.has(key))
      throw new Error(`${directory}: kustomization field "${key}" is not rendered`);
  }
  const spec = kustomization as Kustomization;
  let manifests: Manifest[] = [];
  for (const resource of spec.resources ?? []) {
    const path = join(absolute, resource);
    if (!existsSync(path)) throw new Error(`${directory}: resource ${resource} does not exist`);
    manifests.push(
      ...(statSync(path).isDirectory()
        ? renderKustomization(relative(ROOT, path))
        : (readYamlDocuments(relative(ROOT, path)) as Manifest[])),
    );
  }
  for (const patch of spec.patches ?? []) {
    for (const change of readYamlDocuments(
      relative(ROOT, join(absolute, patch.path)),
    ) as Manifest[]) {
      const index = manifests.findIndex(
        (manifest) =>
          manifest.kind === change.kind && manifest.metadata.name === change.metadata.name,
      );
      if (index < 0) throw new Error(`${directory}: patch ${patch.path} matches no resource`);
      manifests[index] = merge(manifests[index], change) as Manifest;
    }
  }
  manifests = manifests.map((manifest) => {
    const labels = Object.assign({}, ...(spec.labels ?? []).map((label) => label.pairs)) as Record<
      string,
      string
    >;
    const rendered = {
      ...manifest,
      metadata: {
        ...manifest.metadata,
        ...(spec.namespace && { namespace: spec.namespace }),
        ...(Object.keys(labels).length > 0 && {
          labels: { ...manifest.metadata.labels, ...labels },
        }),
      },
    };
    return spec.images ? (withImages(rendered, spec.images) as Manifest) : rendered;
  });
  return manifests;
}

/** A strategic merge: objects merged key by key, lists of named objects merged by name. */
function merge(base: unknown, change: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(change)) {
    const named = (item: unknown) =>
      item !== null && typeof item === 'object' && 'name' in item ? String(item.name) : null;
    if (!change.every((item) => named(item) !== null)) return change;
    const merged: unknown[] = [...(base as unknown[])];
    for (const item of change) {
      const at = merged.findIndex((existing) => named(existing) === named(item));
      if (at < 0) merged.push(item);
      else merged[at] = merge(merged[at], item);
    }
    return merged;
  }
  if (isObject(base) && isObject(change)) {
    const merged: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(change)) merged[key] = merge(base[key], value);
    return merged;
  }
  return change;
}

function withImages(value: unknown, images: NonNullable<Kustomization['images']>): unknown {
  if (Array.isArray(value)) return value.map((item) => withImages(item, images));
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => {
      if (key !== 'image' || typeof child !== 'string') return [key, withImages(child, images)];
      const [name] = child.split(':');
      const image = images.find((candidate) => candidate.name === name);
      if (!image) return [key, child];
      return [key, `${image.newName ?? name}:${image.newTag ?? child.split(':')[1] ?? 'latest'}`];
    }),
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
