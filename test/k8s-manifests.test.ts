/**
 * deploy/k8s as a cluster would take it: every manifest and the kustomization's result validate
 * against the Kubernetes API schemas (no unknown fields), and the production rules hold for every
 * workload: non-root, read-only root file system, no privilege escalation, spread across nodes, a
 * disruption budget; the gateway and orders autoscale; only the gateway is reachable from outside.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildKustomization,
  readManifests,
  schemaErrors,
  unknownFieldErrors,
  type Manifest,
} from './support/k8s-manifests.js';

const k8sDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../deploy/k8s');
/** Files that are not manifests: the kustomization itself and Helm values. */
const NOT_MANIFESTS = new Set(['kustomization.yaml']);
const isValuesFile = (name: string) => name.endsWith('-values.yaml');

/** Manifest files under deploy/k8s, relative paths, sub-folders (e.g. postgres/) included. */
const manifestFiles = (readdirSync(k8sDir, { recursive: true }) as string[]).filter(
  (name) =>
    name.endsWith('.yaml') && !NOT_MANIFESTS.has(path.basename(name)) && !isValuesFile(name),
);
/** Folders with a kustomization: the application, the optional database cluster, monitoring. */
const kustomizations = ['.', 'postgres', 'monitoring'];

interface PodTemplate {
  metadata?: { labels?: Record<string, string> };
  spec: {
    securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type?: string } };
    topologySpreadConstraints?: { topologyKey: string }[];
    containers: {
      name: string;
      securityContext?: {
        runAsNonRoot?: boolean;
        readOnlyRootFilesystem?: boolean;
        allowPrivilegeEscalation?: boolean;
        capabilities?: { drop?: string[] };
      };
    }[];
  };
}

const deployments = (manifests: Manifest[]) =>
  manifests.filter((manifest) => manifest.kind === 'Deployment');
const templateOf = (manifest: Manifest) => (manifest.spec as { template: PodTemplate }).template;

describe('Kubernetes manifests', () => {
  const built = buildKustomization(k8sDir);

  it.each(manifestFiles)('%s validates against the API schemas', async (file) => {
    const manifests = readManifests(path.join(k8sDir, file));
    expect(manifests.length).toBeGreaterThan(0);
    const errors = (await Promise.all(manifests.map(schemaErrors))).flat();
    expect(errors).toEqual([]);
  });

  it.each(kustomizations)(
    'the kustomization in %s builds and validates, with no unknown fields anywhere',
    async (folder) => {
      const result = buildKustomization(path.join(k8sDir, folder));
      expect(result.length).toBeGreaterThan(0);
      const errors = (await Promise.all(result.map(schemaErrors))).flat();
      expect(errors).toEqual([]);
      expect(unknownFieldErrors(result)).toEqual([]);
    },
    60_000,
  );

  it('finds a field the API server would refuse (the check can fail)', () => {
    const broken = JSON.parse(JSON.stringify(deployments(built)[0])) as Manifest;
    (templateOf(broken).spec.containers[0] as unknown as Record<string, unknown>).imagePullPolicyy =
      'Always';
    expect(unknownFieldErrors([broken]).join('\n')).toContain('imagePullPolicyy');
    (broken.spec as { replicas: unknown }).replicas = 'two';
    return expect(schemaErrors(broken)).resolves.toEqual([
      expect.stringContaining('replicas must be integer'),
    ]);
  }, 60_000);

  it('includes every manifest file in a kustomization', () => {
    const names = new Set(
      kustomizations
        .flatMap((folder) => buildKustomization(path.join(k8sDir, folder)))
        .map((manifest) => `${manifest.kind}/${manifest.metadata?.name}`),
    );
    for (const file of manifestFiles)
      for (const manifest of readManifests(path.join(k8sDir, file)))
        expect(names).toContain(`${manifest.kind}/${manifest.metadata?.name}`);
  });

  it('runs every workload non-root, read-only, without privilege escalation, spread over nodes', () => {
    const workloads = deployments(built);
    expect(workloads.map((d) => d.metadata?.name).sort()).toEqual(
      ['auth', 'catalog', 'gateway', 'orders', 'reporting'].sort(),
    );
    for (const deployment of workloads) {
      const pod = templateOf(deployment).spec;
      expect([deployment.metadata?.name, pod.securityContext?.runAsNonRoot]).toEqual([
        deployment.metadata?.name,
        true,
      ]);
      expect(pod.securityContext?.seccompProfile?.type).toBe('RuntimeDefault');
      for (const container of pod.containers) {
        expect(container.securityContext).toMatchObject({
          readOnlyRootFilesystem: true,
          allowPrivilegeEscalation: false,
          capabilities: { drop: ['ALL'] },
        });
      }
      expect(pod.topologySpreadConstraints?.map((c) => c.topologyKey)).toContain(
        'kubernetes.io/hostname',
      );
    }
  });

  it('gives every workload a disruption budget and autoscales the gateway and orders', () => {
    const budgets = built.filter((manifest) => manifest.kind === 'PodDisruptionBudget');
    for (const deployment of deployments(built)) {
      const labels = templateOf(deployment).metadata?.labels ?? {};
      const covering = budgets.filter((budget) => {
        const selector = (budget.spec as { selector: { matchLabels: Record<string, string> } })
          .selector.matchLabels;
        return Object.entries(selector).every(([key, value]) => labels[key] === value);
      });
      expect([deployment.metadata?.name, covering.length]).toEqual([deployment.metadata?.name, 1]);
    }
    const scaled = built
      .filter((manifest) => manifest.kind === 'HorizontalPodAutoscaler')
      .map((hpa) => (hpa.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name)
      .sort();
    expect(scaled).toEqual(['gateway', 'orders']);
  });

  it('exposes only the gateway: an Ingress with TLS to its Service, network policies for the rest', () => {
    const ingresses = built.filter((manifest) => manifest.kind === 'Ingress');
    expect(ingresses).toHaveLength(1);
    const ingress = ingresses[0]!.spec as {
      tls?: unknown[];
      rules: { http: { paths: { backend: { service: { name: string } } }[] } }[];
    };
    expect(ingress.tls?.length).toBeGreaterThan(0);
    const backends = ingress.rules.flatMap((rule) =>
      rule.http.paths.map((p) => p.backend.service.name),
    );
    expect(new Set(backends)).toEqual(new Set(['gateway']));

    const policies = built.filter((manifest) => manifest.kind === 'NetworkPolicy');
    const denyAll = policies.find((policy) => {
      const spec = policy.spec as {
        podSelector: object;
        policyTypes?: string[];
        ingress?: unknown[];
      };
      return (
        Object.keys(spec.podSelector).length === 0 &&
        spec.policyTypes?.includes('Ingress') &&
        (spec.ingress ?? []).length === 0
      );
    });
    expect(denyAll).toBeDefined();
    const services = built.filter((manifest) => manifest.kind === 'Service');
    expect(services.map((service) => service.metadata?.name)).toContain('gateway');
  });
});
