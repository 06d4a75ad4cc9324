// The service ports are one table, SERVICE_PORTS (packages/service-kit/src/ports.ts). The files that
// are not code and so cannot import it (docker-compose.yml, the Kubernetes manifests, .env.example)
// carry copies, which `npm run generate` (scripts/generate.ts) writes from the table and a test checks
// (deploy/test/port-files.test.ts). Only the values are rewritten, in place: every other byte of a file
// (comments, layout, quoting) stays as written.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { isScalar, parseAllDocuments, type Document, type Node } from 'yaml';
import {
  SERVICE_PORTS,
  UPSTREAM_SERVICES,
  portVariable,
  urlVariable,
  type ServiceName,
} from '@mastering/service-kit/ports';

export type Ports = Record<ServiceName, number>;

/** One value to write: where in which YAML document, and what. */
type Spot = { doc: Document; path: (string | number)[]; value: string | number };

/** The address the gateway reaches a service at inside a cluster or compose network: its name and port. */
const serviceUrl = (name: (typeof UPSTREAM_SERVICES)[number], ports: Ports) => `http://${name}:${ports[name]}`;

/** The service a container runs, read from its command (`services/<name>/dist/server.mjs`). */
function serviceOfCommand(command: unknown): ServiceName | undefined {
  const script = Array.isArray(command)
    ? command.find((part) => /^services\/[^/]+\/dist\/server\.mjs$/.test(part))
    : '';
  const name = script?.split('/')[1];
  return name && name in SERVICE_PORTS ? (name as ServiceName) : undefined;
}

/**
 * docker-compose.yml: every container's PORT (from the service its command runs, so the job runners
 * too), the gateway's published port and its `<NAME>_URL`s.
 */
function composeSpots([doc]: Document[], ports: Ports): Spot[] {
  const services = (doc!.toJS({ maxAliasCount: -1 }) as { services: Record<string, { command?: unknown }> }).services;
  return [
    ...Object.entries(services).flatMap(([name, container]) => {
      const service = serviceOfCommand(container.command);
      return service
        ? [{ doc: doc!, path: ['services', name, 'environment', 'PORT'], value: String(ports[service]) }]
        : [];
    }),
    ...UPSTREAM_SERVICES.map((name) => ({
      doc: doc!,
      path: ['services', 'gateway', 'environment', urlVariable(name)],
      value: serviceUrl(name, ports),
    })),
    { doc: doc!, path: ['services', 'gateway', 'ports', 0], value: `${ports.gateway}:${ports.gateway}` },
  ];
}

/**
 * A Kubernetes file: every Deployment's container port and PORT setting (from the service its command
 * runs), every Service named after a service its port, and the ConfigMap's `<NAME>_URL`s.
 */
function k8sSpots(docs: Document[], ports: Ports): Spot[] {
  return docs.flatMap((doc): Spot[] => {
    const object = doc.toJS() as {
      kind?: string;
      metadata?: { name?: string };
      data?: Record<string, string>;
      spec?: { template?: { spec?: { containers?: { command?: unknown; env?: { name: string }[] }[] } } };
    } | null;
    if (object?.kind === 'Deployment') {
      const containers = object.spec?.template?.spec?.containers ?? [];
      return containers.flatMap((container, c) => {
        const service = serviceOfCommand(container.command);
        if (!service) return [];
        const base = ['spec', 'template', 'spec', 'containers', c];
        const env = (container.env ?? []).findIndex((e) => e.name === 'PORT');
        return [
          { doc, path: [...base, 'ports', 0, 'containerPort'], value: ports[service] },
          ...(env >= 0 ? [{ doc, path: [...base, 'env', env, 'value'], value: String(ports[service]) }] : []),
        ];
      });
    }
    const name = object?.metadata?.name;
    if (object?.kind === 'Service' && name && name in SERVICE_PORTS)
      return [{ doc, path: ['spec', 'ports', 0, 'port'], value: ports[name as ServiceName] }];
    if (object?.kind === 'ConfigMap')
      return UPSTREAM_SERVICES.filter((s) => object.data?.[urlVariable(s)] !== undefined).map((s) => ({
        doc,
        path: ['data', urlVariable(s)],
        value: serviceUrl(s, ports),
      }));
    return [];
  });
}

/** A scalar's new source text, quoted the way the old one was. */
function sourceOf(old: string, value: string | number): string {
  if (old.startsWith('"')) return JSON.stringify(String(value));
  if (old.startsWith("'")) return `'${value}'`;
  return String(value);
}

/** Writes the spots' values into a YAML text, leaving every other byte; throws when a spot is missing. */
function rewriteYaml(file: string, text: string, spotsOf: (docs: Document[]) => Spot[]): string {
  const edits = spotsOf(parseAllDocuments(text) as Document[]).map(({ doc, path: at, value }) => {
    const node = doc.getIn(at, true) as Node | undefined;
    if (!isScalar(node) || !node.range) throw new Error(`${file}: no value at ${at.join('.')} to write the port into`);
    const [start, end] = node.range;
    return { start, end, text: sourceOf(text.slice(start, end), value) };
  });
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((out, edit) => out.slice(0, edit.start) + edit.text + out.slice(edit.end), text);
}

/** .env.example: each service's port setting (`PORT=8080`, `STOREFRONT_PORT=4001`, ...); throws when one is missing. */
function rewriteEnvExample(text: string, ports: Ports): string {
  return (Object.keys(ports) as ServiceName[]).reduce((out, name) => {
    const line = new RegExp(`^${portVariable(name)}=.*$`, 'm');
    if (!line.test(out)) throw new Error(`.env.example: no ${portVariable(name)}= line to write the port into`);
    return out.replace(line, `${portVariable(name)}=${ports[name]}`);
  }, text);
}

/** The files that carry the ports, relative to the repository root. */
export function portFiles(root: string): string[] {
  const base = path.join('deploy', 'k8s', 'base');
  return [
    'docker-compose.yml',
    '.env.example',
    ...readdirSync(path.join(root, base))
      .filter((f) => f.endsWith('.yaml'))
      .sort()
      .map((f) => path.join(base, f)),
  ];
}

/** A port file's text as the generator writes it from `ports` (by default SERVICE_PORTS). */
export function renderPortFile(file: string, text: string, ports: Ports = SERVICE_PORTS): string {
  if (file === '.env.example') return rewriteEnvExample(text, ports);
  if (file === 'docker-compose.yml') return rewriteYaml(file, text, (docs) => composeSpots(docs, ports));
  return rewriteYaml(file, text, (docs) => k8sSpots(docs, ports));
}
