// The services' ports are named once, in SERVICE_PORTS (service-kit); the files that are not code and
// so cannot import it (docker-compose.yml, .env.example, the README's diagram) are checked against it here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { portVariable, SERVICE_PORTS, UPSTREAM_SERVICES, urlVariable, type ServiceName } from '@mastering/service-kit';
import { ROOT } from '../lib/paths';

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const compose = parse(read('docker-compose.yml'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; ports?: string[] }>;
};
const SERVICES = Object.keys(SERVICE_PORTS) as ServiceName[];

describe('service ports', () => {
  it('docker-compose.yml runs each service on its port, and the gateway finds each one there', () => {
    for (const name of [...UPSTREAM_SERVICES, 'gateway'] as const) {
      expect({ name, port: compose.services[name]?.environment?.PORT }).toEqual({
        name,
        port: String(SERVICE_PORTS[name]),
      });
    }
    const gateway = compose.services.gateway!.environment!;
    for (const name of UPSTREAM_SERVICES)
      expect(gateway[urlVariable(name)]).toBe(`http://${name}:${SERVICE_PORTS[name]}`);
    expect(compose.services.gateway!.ports).toEqual([`${SERVICE_PORTS.gateway}:${SERVICE_PORTS.gateway}`]);
  });

  it(".env.example shows each service's port setting with its default", () => {
    const example = parseEnv(read('.env.example'));
    for (const name of SERVICES)
      expect({ name, [portVariable(name)]: example[portVariable(name)] }).toEqual({
        name,
        [portVariable(name)]: String(SERVICE_PORTS[name]),
      });
  });

  it("the README's diagram shows the gateway and each service behind it on its port", () => {
    const readme = read('README.md');
    for (const name of ['gateway', ...UPSTREAM_SERVICES] as const)
      expect(readme).toMatch(new RegExp(`${name} +:${SERVICE_PORTS[name]}\\b`));
  });
});
