// deploy/k8s: each overlay rendered offline (deploy/test/kustomize.ts) and every object validated
// against the Kubernetes API's own schemas (kubernetes-models), unknown fields refused (deploy/test/k8s-fields.ts),
// then the rules the platform needs:
// probes on /readyz and /healthz, a grace period that covers the shutdown deadline, secrets only from
// the Secret, the migration Job, autoscaling for the gateway and storefront, the compose file's image,
// an Ingress in front of the gateway, the job runners as Deployments of their own, a disruption budget
// per Deployment, and the bucket's CORS for direct uploads.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { UPSTREAM_SERVICES, urlVariable } from '@mastering/service-kit';
import { unknownFields } from './k8s-fields';
import { renderKustomization, type K8sObject } from './kustomize';
import { ROOT } from '../../scripts/lib/paths';

const K8S = path.join(ROOT, 'deploy', 'k8s');
const OVERLAYS = readdirSync(path.join(K8S, 'overlays'));
const PARTS = [...UPSTREAM_SERVICES, 'gateway'] as const;
const IMAGE = 'mastering/platform';
const SECRET = 'mastering-secrets';

type Container = {
  name: string;
  args?: string[];
  image: string;
  command: string[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; value?: string }[];
  ports?: { name: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: string } };
  livenessProbe?: { httpGet?: { path: string; port: string } };
  lifecycle?: { preStop?: { exec?: { command: string[] } } };
};
type PodSpec = { containers: Container[]; terminationGracePeriodSeconds?: number };
const podOf = (o: K8sObject) => (o.spec!.template as { spec: PodSpec }).spec;

/** The schemas of each apiVersion the manifests use. */
const SCHEMAS: Record<string, () => Promise<object>> = {
  v1: () => import('kubernetes-models/v1'),
  'apps/v1': () => import('kubernetes-models/apps/v1'),
  'batch/v1': () => import('kubernetes-models/batch/v1'),
  'autoscaling/v2': () => import('kubernetes-models/autoscaling/v2'),
  'policy/v1': () => import('kubernetes-models/policy/v1'),
  'networking.k8s.io/v1': () => import('kubernetes-models/networking.k8s.io/v1'),
};

/** Validates one object against the schema of its apiVersion and kind (throws with the schema's complaint). */
async function validate(o: K8sObject): Promise<void> {
  const models = (await SCHEMAS[o.apiVersion]?.()) as Record<string, new (data: unknown) => { validate(): void }>;
  const Model = models?.[o.kind];
  if (!Model) throw new Error(`no schema for ${o.apiVersion} ${o.kind}`);
  new Model(o).validate();
}

const compose = parse(readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; command?: string[] }>;
};

describe.each(OVERLAYS)('deploy/k8s/overlays/%s', (overlay) => {
  const objects = renderKustomization(path.join(K8S, 'overlays', overlay));
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  const config = find('ConfigMap', 'mastering-config')!.data as Record<string, string>;

  it('renders objects that all validate against the Kubernetes schemas, in one namespace', async () => {
    expect(objects.length).toBeGreaterThan(10);
    for (const o of objects) {
      await expect(validate(o).then(() => `${o.kind}/${o.metadata.name}`)).resolves.toBe(
        `${o.kind}/${o.metadata.name}`,
      );
      expect(o.metadata.namespace).toBe('mastering');
    }
    // The schemas above pass a field they do not know (as the API server drops it); this refuses it.
    expect(await unknownFields(objects)).toEqual([]);
  });

  it.each(PARTS)('runs %s from the one image, as docker-compose.yml does, with its probes and grace', (name) => {
    const deployment = find('Deployment', name)!;
    const pod = podOf(deployment);
    const [container] = pod.containers;
    expect(container.image.split(':')[0]).toMatch(new RegExp(`(^|/)${IMAGE}$`));
    expect(container.command).toEqual(compose.services[name]!.command);
    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    // Its port (container, PORT, Service) is written from SERVICE_PORTS by `npm run generate` (port-files.test.ts).
    expect(container.ports?.[0]?.name).toBe('http');
    // SIGTERM comes after preStop; the process then has SHUTDOWN_TIMEOUT_MS before it exits on its own.
    const pause = Number(container.lifecycle?.preStop?.exec?.command.at(-1) ?? 0);
    const deadline = Number(config.SHUTDOWN_TIMEOUT_MS) / 1000;
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + deadline);
    // Settings from the ConfigMap, secrets from the Secret.
    expect(container.envFrom).toEqual([
      { configMapRef: { name: 'mastering-config' } },
      { secretRef: { name: SECRET } },
    ]);
    const service = find('Service', name)!;
    expect(service.spec).toMatchObject({
      selector: { 'app.kubernetes.io/name': name },
      ports: [{ targetPort: 'http' }],
    });
  });

  it('keeps secrets out of the ConfigMap, and points the gateway at each Service', () => {
    for (const key of Object.keys(config)) expect(key).not.toMatch(/SECRET|PASSWORD|DATABASE_URL|SMTP_URL|KEY/);
    for (const name of UPSTREAM_SERVICES) expect(config[urlVariable(name)]).toMatch(new RegExp(`^http://${name}:`));
    expect(config.STORAGE_DRIVER).toBe('s3');
  });

  it('migrates in a Job with the image and command docker-compose.yml uses', () => {
    const job = find('Job', 'mastering-migrate')!;
    const [container] = podOf(job).containers;
    expect(container.image).toBe(podOf(find('Deployment', 'gateway')!).containers[0]!.image);
    expect(container.command).toEqual(compose.services.migrate!.command);
    expect(container.envFrom).toContainEqual({ secretRef: { name: SECRET } });
  });

  it('autoscales the gateway and the storefront', () => {
    for (const name of ['gateway', 'storefront']) {
      const hpa = find('HorizontalPodAutoscaler', name)!;
      expect(hpa.spec).toMatchObject({ scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name } });
      expect(hpa.spec!.maxReplicas as number).toBeGreaterThan(hpa.spec!.minReplicas as number);
    }
  });

  it("sends the site's host through the Ingress to the gateway Service, whose pods are ready on /readyz", () => {
    const ingress = find('Ingress', 'mastering')!;
    const [rule] = ingress.spec!.rules as { host: string; http: { paths: { backend: unknown }[] } }[];
    expect(rule!.host).toBe(new URL(config.PUBLIC_URL!).host);
    expect(rule!.http.paths.map((p) => p.backend)).toEqual([{ service: { name: 'gateway', port: { name: 'http' } } }]);
    expect(podOf(find('Deployment', 'gateway')!).containers[0]!.readinessProbe?.httpGet?.path).toBe('/readyz');
  });

  it('gives every Deployment a PodDisruptionBudget that selects it and lets at most one pod go at a time', () => {
    const budgets = objects.filter((o) => o.kind === 'PodDisruptionBudget');
    for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
      const labels = (deployment.spec!.template as { metadata: { labels: Record<string, string> } }).metadata.labels;
      const matching = budgets.filter((b) =>
        Object.entries((b.spec!.selector as { matchLabels: Record<string, string> }).matchLabels).every(
          ([k, v]) => labels[k] === v,
        ),
      );
      expect({ deployment: deployment.metadata.name, budgets: matching.map((b) => b.spec!.maxUnavailable) }).toEqual({
        deployment: deployment.metadata.name,
        budgets: [1],
      });
    }
  });

  it.each([
    ['ops', 'ops-worker', 'OPS_WORKER'],
    ['email', 'email-worker', 'MAIL_WORKER'],
  ])('runs the %s jobs in %s, scaled apart from the API (%s)', (api, worker, setting) => {
    const env = (name: string) => podOf(find('Deployment', name)!).containers[0]!.env ?? [];
    expect(env(api)).toContainEqual({ name: setting, value: 'false' });
    expect(env(worker)).toContainEqual({ name: setting, value: 'true' });
    const [apiContainer, workerContainer] = [api, worker].map((n) => podOf(find('Deployment', n)!).containers[0]!);
    expect(workerContainer!.command).toEqual(apiContainer!.command);
    expect(workerContainer!.readinessProbe?.httpGet?.path).toBe('/readyz');
    // No Service sends the worker requests: the API's selects the API's pods only.
    expect(find('Service', worker)).toBeUndefined();
    expect(find('Service', api)!.spec!.selector).toEqual({ 'app.kubernetes.io/name': api });
  });

  it('lets browsers PUT upload parts straight to the bucket: its public address, and CORS from the site with ETag exposed', () => {
    expect(config.S3_PUBLIC_ENDPOINT).toMatch(/^https:\/\//);
    const job = find('Job', 's3-bucket-cors')!;
    const [container] = podOf(job).containers;
    const script = container!.command.at(-1)!;
    expect(script).toContain('put-bucket-cors --bucket "$S3_BUCKET"');
    const rules = JSON.parse(/--cors-configuration "(.+)"$/.exec(script)![1]!.replaceAll('\\"', '"'));
    expect(rules).toEqual({
      CORSRules: [
        {
          AllowedOrigins: ['$PUBLIC_URL'],
          AllowedMethods: ['PUT'],
          AllowedHeaders: ['*'],
          ExposeHeaders: ['ETag'],
          MaxAgeSeconds: 3600,
        },
      ],
    });
    // $PUBLIC_URL is the ConfigMap's (the site's origin), the keys the Secret's.
    expect(container!.envFrom).toEqual([{ configMapRef: { name: 'mastering-config' } }]);
    expect(JSON.stringify(container!.env)).toContain(SECRET);
  });

  it('mounts one upload-staging volume in every storefront pod (a resumed upload may reach any of them)', () => {
    const volumes = (find('Deployment', 'storefront')!.spec!.template as { spec: { volumes: unknown[] } }).spec.volumes;
    expect(volumes).toContainEqual({ name: 'scratch', persistentVolumeClaim: { claimName: 'upload-staging' } });
    expect(find('PersistentVolumeClaim', 'upload-staging')).toBeTruthy();
  });
});

describe('the manifests and docker-compose.yml', () => {
  it('run the same image (the bucket CORS Job aside: it runs the AWS CLI)', () => {
    expect(compose.services.gateway!.image).toBe(`${IMAGE}:latest`);
    const base = renderKustomization(path.join(K8S, 'base'));
    const images = new Set(
      base
        .filter((o) => (o.kind === 'Deployment' || o.kind === 'Job') && o.metadata.name !== 's3-bucket-cors')
        .map((o) => podOf(o).containers[0]!.image),
    );
    expect([...images]).toEqual([`${IMAGE}:latest`]);
  });

  it('production pins the image tag', () => {
    const objects = renderKustomization(path.join(K8S, 'overlays', 'production'));
    const gateway = objects.find((o) => o.kind === 'Deployment' && o.metadata.name === 'gateway')!;
    expect(podOf(gateway).containers[0]!.image).toMatch(/:\d+\.\d+\.\d+$/);
  });
});

describe('deploy/k8s/overlays/production', () => {
  it('puts the gateways behind an ALB that checks /readyz, with readiness gates on the pods', () => {
    const objects = renderKustomization(path.join(K8S, 'overlays', 'production'));
    const ingress = objects.find((o) => o.kind === 'Ingress')!;
    expect(ingress.spec!.ingressClassName).toBe('alb');
    expect(ingress.metadata).toMatchObject({
      annotations: {
        'alb.ingress.kubernetes.io/target-type': 'ip',
        'alb.ingress.kubernetes.io/healthcheck-path': '/readyz',
      },
    });
    const namespace = objects.find((o) => o.kind === 'Namespace')!;
    expect(namespace.metadata.labels).toMatchObject({ 'elbv2.k8s.aws/pod-readiness-gate-inject': 'enabled' });
  });
});

describe('the schema check', () => {
  it('refuses an object the Kubernetes API would refuse', async () => {
    const broken = renderKustomization(path.join(K8S, 'base')).find((o) => o.kind === 'Deployment')!;
    podOf(broken).containers[0]!.ports = [{ name: 'http', containerPort: 'eighty' as unknown as number }];
    await expect(validate(broken)).rejects.toThrow();
    const noSelector = structuredClone(
      renderKustomization(path.join(K8S, 'base')).find((o) => o.kind === 'Deployment')!,
    );
    delete noSelector.spec!.selector;
    await expect(validate(noSelector)).rejects.toThrow();
  });
});

describe('the unknown-field check', () => {
  const base = () => renderKustomization(path.join(K8S, 'base'));
  const deployment = (objects: K8sObject[]) => objects.find((o) => o.kind === 'Deployment')!;

  it('refuses a misspelled field at any depth, naming the object and the field', async () => {
    const misspelled = base();
    const spec = deployment(misspelled).spec!;
    spec.replica = spec.replicas;
    delete spec.replicas;
    const probed = structuredClone(deployment(misspelled));
    probed.metadata.name = 'probed';
    const [container] = podOf(probed).containers as (Container & { livenesProbe?: unknown })[];
    container!.livenesProbe = container!.livenessProbe;
    delete container!.livenessProbe;
    const name = deployment(misspelled).metadata.name;
    // The schema check alone lets both through: that is why this check exists.
    await expect(validate(deployment(misspelled))).resolves.toBeUndefined();
    await expect(validate(probed)).resolves.toBeUndefined();

    const complaints = await unknownFields([...misspelled, probed]);
    expect(complaints).toHaveLength(2);
    expect(complaints[0]).toMatch(new RegExp(`^Deployment/${name}: .*'replica'`));
    expect(complaints[1]).toMatch(/^Deployment\/probed: .*'livenesProbe'/);
  });

  it('refuses a misspelled top-level field of any kind', async () => {
    const service = base().find((o) => o.kind === 'Service')!;
    service.spce = service.spec;
    delete service.spec;
    expect(await unknownFields([service])).toEqual([expect.stringMatching(/^Service\/.*'spce'/)]);
  });
});
