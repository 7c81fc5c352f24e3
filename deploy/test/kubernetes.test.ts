import { describe, expect, it } from 'vitest';
import { configVariables } from '@clarify/config';
import { APPS, dockerfileFacts, IMAGE_REPOSITORY, readYamlDocuments } from './deploy-files';
import { renderKustomization, type Manifest } from './render-kustomization';

/** The kubernetes-models class of a manifest's apiVersion and kind, which validates it. */
async function validatorOf(manifest: Manifest): Promise<{ validate(): void }> {
  const [group, version] = manifest.apiVersion.includes('/')
    ? manifest.apiVersion.split('/')
    : ['', manifest.apiVersion];
  const path = group
    ? `kubernetes-models/${group}/${version}/${manifest.kind}`
    : `kubernetes-models/${version}/${manifest.kind}`;
  const module = (await import(path)) as Record<
    string,
    new (value: unknown) => { validate(): void }
  >;
  const Model = module[manifest.kind];
  if (!Model) throw new Error(`no schema for ${manifest.apiVersion} ${manifest.kind}`);
  return new Model(manifest);
}

type Container = {
  name: string;
  image: string;
  command?: string[];
  ports?: Array<{ name: string; containerPort: number }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string } }>;
  livenessProbe?: { httpGet: { path: string; port: string } };
  readinessProbe?: { httpGet: { path: string; port: string } };
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean };
};
type PodSpec = { containers: Container[]; securityContext?: { runAsNonRoot?: boolean } };
const podOf = (manifest: Manifest) =>
  (
    manifest as unknown as {
      spec: { template: { spec: PodSpec; metadata: { labels: Record<string, string> } } };
    }
  ).spec.template;

for (const overlay of ['deploy/kubernetes/base', 'deploy/kubernetes/overlays/production']) {
  describe(`${overlay}, rendered`, () => {
    const manifests = renderKustomization(overlay);
    const of = (kind: string) => manifests.filter((manifest) => manifest.kind === kind);

    it('is valid against the Kubernetes schemas, every manifest', async () => {
      expect(manifests.length).toBeGreaterThanOrEqual(10);
      for (const manifest of manifests) {
        const model = await validatorOf(manifest);
        expect(() => model.validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
      }
    });

    it('runs each app from its image on the port the image listens on, probed on /healthz and /readyz', () => {
      for (const app of APPS) {
        const deployment = of('Deployment').find((one) => one.metadata.name === `clarify-${app}`);
        expect(deployment, app).toBeDefined();
        const pod = podOf(deployment as Manifest);
        const [container] = pod.spec.containers;
        expect(container?.image).toMatch(
          new RegExp(`^${IMAGE_REPOSITORY}${app}:\\d+\\.\\d+\\.\\d+$`),
        );
        expect(container?.ports?.[0]?.containerPort).toBe(dockerfileFacts(app).exposed);
        expect(container?.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: 'http' });
        expect(container?.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: 'http' });
        expect(container?.resources?.requests?.memory).toBeDefined();
        expect(container?.resources?.limits?.memory).toBeDefined();
        expect(pod.spec.securityContext?.runAsNonRoot).toBe(true);
        expect(container?.securityContext?.readOnlyRootFilesystem).toBe(true);
        // Secrets are referenced, never included.
        expect(container?.envFrom).toContainEqual({ secretRef: { name: 'clarify-secrets' } });
      }
      expect(of('Secret')).toEqual([]);
    });

    it('runs the migrations as a Job of the worker image', () => {
      const [job] = of('Job');
      const [container] = (job as unknown as { spec: { template: { spec: PodSpec } } }).spec
        .template.spec.containers;
      expect(container?.image).toMatch(new RegExp(`^${IMAGE_REPOSITORY}worker:`));
      expect(container?.command?.at(-1)).toBe('migrate');
    });

    it('routes each Service to its pods, and scales the bot apps on CPU', () => {
      for (const service of of('Service')) {
        const selector = (service as unknown as { spec: { selector: Record<string, string> } }).spec
          .selector;
        const deployment = of('Deployment').find(
          (one) =>
            podOf(one).metadata.labels['app.kubernetes.io/name'] ===
            selector['app.kubernetes.io/name'],
        );
        expect(deployment, service.metadata.name).toBeDefined();
      }
      const scaled = of('HorizontalPodAutoscaler').map(
        (hpa) =>
          (hpa as unknown as { spec: { scaleTargetRef: { name: string } } }).spec.scaleTargetRef
            .name,
      );
      expect(scaled.sort()).toEqual(['clarify-slack', 'clarify-teams']);
      for (const name of scaled) {
        expect(of('Deployment').map((one) => one.metadata.name)).toContain(name);
      }
    });

    it('configures only variables Clarify reads, and the ports the images listen on', () => {
      const [config] = of('ConfigMap');
      const data = (config as unknown as { data: Record<string, string> }).data;
      const known = configVariables();
      for (const name of Object.keys(data)) expect(known, name).toContain(name);
      expect(Number(data.CLARIFY_WEB_PORT)).toBe(dockerfileFacts('web').exposed);
      expect(Number(data.CLARIFY_WORKER_PORT)).toBe(dockerfileFacts('worker').exposed);
    });
  });
}

describe('the production overlay', () => {
  it('patches the base: released tags, two web replicas, a larger worker', () => {
    const manifests = renderKustomization('deploy/kubernetes/overlays/production');
    const deployment = (name: string) =>
      manifests.find(
        (one) => one.kind === 'Deployment' && one.metadata.name === name,
      ) as unknown as {
        metadata: { namespace: string; labels: Record<string, string> };
        spec: { replicas: number; template: { spec: PodSpec } };
      };
    expect(deployment('clarify-web').spec.replicas).toBe(2);
    const worker = deployment('clarify-worker');
    expect(worker.spec.template.spec.containers[0]?.resources?.requests?.cpu).toBe('1');
    // The rest of the container is the base's: the patch merged, not replaced.
    expect(worker.spec.template.spec.containers[0]?.image).toMatch(/clarify-worker:0\.1\.0$/);
    expect(worker.metadata.namespace).toBe('clarify');
    expect(worker.metadata.labels['app.kubernetes.io/part-of']).toBe('clarify');
  });
});

describe('deploy/kubernetes/extras/keda-worker-scaler.yaml', () => {
  it('scales the worker Deployment on the index queue', async () => {
    const { INDEX_QUEUE } = await import('@clarify/runtime');
    const [scaler] = readYamlDocuments(
      'deploy/kubernetes/extras/keda-worker-scaler.yaml',
    ) as Array<{
      spec: { scaleTargetRef: { name: string }; triggers: Array<{ metadata: { query: string } }> };
    }>;
    expect(scaler?.spec.scaleTargetRef.name).toBe('clarify-worker');
    expect(scaler?.spec.triggers[0]?.metadata.query).toContain(`name = '${INDEX_QUEUE}'`);
  });
});
