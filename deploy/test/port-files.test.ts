// The services' ports are named once, in SERVICE_PORTS (service-kit). `npm run generate` writes them into
// the files that cannot import it (docker-compose.yml, the Kubernetes manifests, .env.example); this
// test fails when a file differs from what the generator makes, so a copy edited by hand, or a table
// changed without generating, is caught.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { SERVICE_PORTS, UPSTREAM_SERVICES } from '@mastering/service-kit';
import { ROOT } from '../../scripts/lib/paths';
import { portFiles, renderPortFile, type Ports } from '../../scripts/lib/port-files';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const FILES = portFiles(ROOT);

describe('the port files', () => {
  it.each(FILES)('%s is what `npm run generate` makes of it', (file) => {
    expect(renderPortFile(file, read(file)), `${file} differs from SERVICE_PORTS: run npm run generate`).toBe(
      read(file),
    );
  });

  it('cover docker-compose.yml, .env.example and every Kubernetes file that runs a service', () => {
    expect(FILES).toEqual(expect.arrayContaining(['docker-compose.yml', '.env.example']));
    for (const name of [...UPSTREAM_SERVICES, 'gateway'])
      expect(FILES).toContain(path.join('deploy', 'k8s', 'base', `${name}.yaml`));
  });

  it('write a changed table into every copy, and a copy edited by hand is caught', () => {
    const moved: Ports = { ...SERVICE_PORTS, storefront: 5101, ops: 5102, gateway: 9090, 'yoco-sandbox': 5110 };
    const compose = parse(renderPortFile('docker-compose.yml', read('docker-compose.yml'), moved), { merge: true });
    expect(compose.services.storefront.environment.PORT).toBe('5101');
    expect(compose.services['ops-worker'].environment.PORT).toBe('5102');
    expect(compose.services.gateway.environment.PORT).toBe('9090');
    expect(compose.services.gateway.environment.STOREFRONT_URL).toBe('http://storefront:5101');
    expect(compose.services.gateway.ports).toEqual(['9090:9090']);

    const env = parseEnv(renderPortFile('.env.example', read('.env.example'), moved));
    expect([env.PORT, env.STOREFRONT_PORT, env.OPS_PORT, env.YOCO_SANDBOX_PORT]).toEqual([
      '9090',
      '5101',
      '5102',
      '5110',
    ]);

    const storefront = parseAllDocuments(
      renderPortFile('deploy/k8s/base/storefront.yaml', read('deploy/k8s/base/storefront.yaml'), moved),
    ).map((d) => d.toJS());
    const deployment = storefront.find((o) => o.kind === 'Deployment');
    const [container] = deployment.spec.template.spec.containers;
    expect(container.ports[0].containerPort).toBe(5101);
    expect(container.env).toContainEqual({ name: 'PORT', value: '5101' });
    expect(storefront.find((o) => o.kind === 'Service').spec.ports[0].port).toBe(5101);
    const config = parse(renderPortFile('deploy/k8s/base/config.yaml', read('deploy/k8s/base/config.yaml'), moved));
    expect(config.data.STOREFRONT_URL).toBe('http://storefront:5101');

    const edited = read('docker-compose.yml').replace('http://ops:4002', 'http://ops:4999');
    expect(renderPortFile('docker-compose.yml', edited)).not.toBe(edited);
  });

  it('leave every other byte as written (comments, quoting, layout)', () => {
    const moved: Ports = { ...SERVICE_PORTS, ops: 5002 };
    const before = read('deploy/k8s/base/ops.yaml');
    const after = renderPortFile('deploy/k8s/base/ops.yaml', before, moved);
    expect(after.replaceAll('5002', '4002')).toBe(before);
  });

  it("the README's diagram shows the gateway and each service behind it on its port", () => {
    const readme = read('README.md');
    for (const name of ['gateway', ...UPSTREAM_SERVICES] as const)
      expect(readme).toMatch(new RegExp(`${name} +:${SERVICE_PORTS[name]}\\b`));
  });
});
