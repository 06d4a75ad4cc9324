// Renders deploy/k8s overlays offline, for the manifest tests (no kustomize binary on these machines and
// none on npm). It understands exactly the Kustomization fields deploy/k8s uses, with kustomize's
// meaning, and refuses any other field, so an overlay cannot quietly use something it does not check.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import jsonPatch, { type Operation } from 'fast-json-patch';
import { parse, parseAllDocuments } from 'yaml';

/** A Kubernetes object as written in the manifests. */
export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
};

type Kustomization = {
  apiVersion?: string;
  kind?: string;
  namespace?: string;
  resources?: string[];
  labels?: { pairs: Record<string, string> }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { target: { kind?: string; name?: string }; patch: string }[];
};

const KNOWN_FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'labels',
  'images',
  'replicas',
  'patches',
]);
/** Kinds whose spec.template holds pods (labels and images reach them). */
const WORKLOADS = new Set(['Deployment', 'Job', 'StatefulSet', 'DaemonSet']);

/** The objects `kustomize build <dir>` makes of the kustomization in `dir` (resources first, then this level's changes). */
export function renderKustomization(dir: string): K8sObject[] {
  const k = parse(readFileSync(path.join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unknown = Object.keys(k).filter((field) => !KNOWN_FIELDS.has(field));
  if (unknown.length > 0) throw new Error(`${dir}: kustomization fields not checked here: ${unknown.join(', ')}`);

  const objects = (k.resources ?? []).flatMap((entry) => {
    const target = path.join(dir, entry);
    if (statSync(target).isDirectory()) return renderKustomization(target);
    return parseAllDocuments(readFileSync(target, 'utf8'))
      .map((doc) => doc.toJS() as K8sObject | null)
      .filter((o): o is K8sObject => o !== null);
  });

  for (const o of objects) {
    if (k.namespace) o.metadata.namespace = k.namespace;
    for (const { pairs } of k.labels ?? []) o.metadata.labels = { ...o.metadata.labels, ...pairs };
  }
  for (const { name, count } of k.replicas ?? []) {
    const target = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === name);
    if (!target) throw new Error(`${dir}: replicas names no Deployment "${name}"`);
    target.spec = { ...target.spec, replicas: count };
  }
  for (const image of k.images ?? []) for (const o of objects) retag(o, image);
  for (const { target, patch } of k.patches ?? []) {
    const matched = objects.filter(
      (o) => (!target.kind || o.kind === target.kind) && (!target.name || o.metadata.name === target.name),
    );
    if (matched.length === 0) throw new Error(`${dir}: a patch matches nothing (${JSON.stringify(target)})`);
    for (const o of matched) jsonPatch.applyPatch(o, parse(patch) as Operation[], true, true);
  }
  return objects;
}

/** Sets a workload's containers that run image `name` to its new name and tag. */
function retag(o: K8sObject, { name, newName, newTag }: { name: string; newName?: string; newTag?: string }): void {
  if (!WORKLOADS.has(o.kind)) return;
  const pod = (o.spec!.template as { spec: { containers: { image: string }[] } }).spec;
  for (const container of pod.containers) {
    const [image, tag] = container.image.split(/:(?=[^/:]+$)/);
    if (image !== name) continue;
    container.image = `${newName ?? image}:${newTag ?? tag ?? 'latest'}`;
  }
}
