/**
 * Checks Kubernetes manifests offline, as the API server would with strict field validation:
 * the schema of every kind (types, enums, required fields) through kubernetes-models' validators,
 * and unknown fields through TypeScript's excess-property check against the same models' types.
 * Also builds a kustomization the way `kubectl apply -k` does for the features ours uses, and
 * refuses any other feature rather than skipping it.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Manifest {
  apiVersion: string;
  kind: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

export function readManifests(file: string): Manifest[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
      return document.toJS() as Manifest | null;
    })
    .filter((manifest): manifest is Manifest => manifest !== null);
}

/** Custom resources and the model packages that describe them. */
const CUSTOM_GROUPS: Record<string, string> = {
  'postgresql.cnpg.io': '@kubernetes-models/cloudnative-pg/postgresql.cnpg.io',
  'monitoring.coreos.com': '@kubernetes-models/prometheus-operator/monitoring.coreos.com',
};

/** The module of a kind's model, e.g. `kubernetes-models/apps/v1/Deployment`. */
export function modelModule(manifest: Manifest): string {
  const [group, version] = manifest.apiVersion.includes('/')
    ? (manifest.apiVersion.split('/') as [string, string])
    : ['', manifest.apiVersion];
  if (!group) return `kubernetes-models/${version}/${manifest.kind}`;
  const custom = CUSTOM_GROUPS[group];
  return custom
    ? `${custom}/${version}/${manifest.kind}`
    : `kubernetes-models/${group}/${version}/${manifest.kind}`;
}

function describe(manifest: Manifest): string {
  return `${manifest.kind}/${manifest.metadata?.name ?? '(no name)'}`;
}

/** Schema errors of one manifest (empty when valid). */
export async function schemaErrors(manifest: Manifest): Promise<string[]> {
  const module = modelModule(manifest);
  let exported: Record<string, new (data: unknown) => { validate(): void }>;
  try {
    exported = (await import(module)) as typeof exported;
  } catch {
    return [`${describe(manifest)}: no schema for ${manifest.apiVersion} ${manifest.kind}`];
  }
  const Model = exported[manifest.kind];
  if (!Model) return [`${describe(manifest)}: ${module} has no ${manifest.kind}`];
  try {
    new Model(manifest).validate();
    return [];
  } catch (error) {
    return [`${describe(manifest)}: ${(error as Error).message}`];
  }
}

/** Unknown fields in any of the manifests, found by the TypeScript compiler. */
export function unknownFieldErrors(manifests: Manifest[]): string[] {
  const folder = path.join(root, 'node_modules', '.cache', 'k8s-manifest-check');
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, 'manifests.ts');
  const lines: string[] = [];
  manifests.forEach((manifest, index) => {
    lines.push(`import type { I${manifest.kind} as T${index} } from '${modelModule(manifest)}';`);
  });
  manifests.forEach((manifest, index) => {
    lines.push(`// ${describe(manifest)}`);
    lines.push(`export const m${index}: T${index} = ${JSON.stringify(manifest, null, 2)};`);
  });
  writeFileSync(file, `${lines.join('\n')}\n`);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file?.fileName === file)
    .map((diagnostic) => {
      const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      const owner = lines
        .slice(0, line + 1)
        .reverse()
        .find((text) => text.startsWith('// '));
      return `${owner?.slice(3) ?? '?'}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
    });
}

const KUSTOMIZE_FIELDS = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
]);

interface KustomizeImage {
  name: string;
  newName?: string;
  newTag?: string;
}

/**
 * `kubectl kustomize <dir>` for the fields our kustomization uses: resources (files), namespace,
 * labels (with includeSelectors: false, metadata only) and images.
 */
export function buildKustomization(dir: string): Manifest[] {
  const [kustomization] = readManifests(path.join(dir, 'kustomization.yaml')) as unknown as [
    Record<string, unknown>,
  ];
  const unsupported = Object.keys(kustomization).filter((key) => !KUSTOMIZE_FIELDS.has(key));
  if (unsupported.length > 0)
    throw new Error(
      `kustomization uses fields this check does not build: ${unsupported.join(', ')}`,
    );
  const manifests: Manifest[] = [];
  for (const resource of (kustomization.resources as string[] | undefined) ?? []) {
    const file = path.join(dir, resource);
    if (!existsSync(file)) throw new Error(`kustomization resource ${resource} does not exist`);
    manifests.push(...readManifests(file));
  }
  const namespace = kustomization.namespace as string | undefined;
  const labels = (kustomization.labels as { pairs: Record<string, string> }[] | undefined) ?? [];
  const images = (kustomization.images as KustomizeImage[] | undefined) ?? [];
  for (const manifest of manifests) {
    if (namespace) manifest.metadata = { ...manifest.metadata, namespace };
    for (const { pairs } of labels)
      manifest.metadata = {
        ...manifest.metadata,
        labels: { ...manifest.metadata?.labels, ...pairs },
      };
    for (const container of podContainers(manifest)) {
      const image = images.find((candidate) => container.image.split(':')[0] === candidate.name);
      if (image)
        container.image = `${image.newName ?? image.name}${image.newTag ? `:${image.newTag}` : ''}`;
    }
  }
  return manifests;
}

function podContainers(manifest: Manifest): { image: string }[] {
  const spec = manifest.spec as
    | { template?: { spec?: PodSpec }; jobTemplate?: { spec?: { template?: { spec?: PodSpec } } } }
    | undefined;
  const pod = spec?.template?.spec ?? spec?.jobTemplate?.spec?.template?.spec;
  return [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])];
}

interface PodSpec {
  containers?: { image: string }[];
  initContainers?: { image: string }[];
}
