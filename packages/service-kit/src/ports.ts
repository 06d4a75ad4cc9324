import { z } from 'zod';

/**
 * The back-end processes (each built from services/<name>/src/server.ts) and the port each listens on
 * unless told otherwise: the one list of them. A service's config defaults its PORT from here, `npm
 * start` moves one with `<NAME>_PORT` (portVariable), and the gateway finds the services behind it at
 * `<NAME>_URL` (urlVariable). `npm run generate` writes it into docker-compose.yml, the Kubernetes
 * manifests and .env.example (scripts/lib/port-files.ts); a test fails when one of them differs.
 */
export const SERVICE_PORTS = {
  gateway: 8080,
  storefront: 4001,
  ops: 4002,
  content: 4003,
  email: 4004,
  'yoco-sandbox': 4010,
} as const;
export type ServiceName = keyof typeof SERVICE_PORTS;

/** The services the gateway forwards to (the Yoco sandbox stands in for an outside site and is reached directly). */
export const UPSTREAM_SERVICES = ['storefront', 'ops', 'content', 'email'] as const satisfies readonly ServiceName[];
export type UpstreamService = (typeof UPSTREAM_SERVICES)[number];

const envName = (name: ServiceName) => name.toUpperCase().replace(/-/g, '_');

/** The setting that moves a service's port locally: the gateway's is PORT (the site's), the others' `<NAME>_PORT` (STOREFRONT_PORT). */
export const portVariable = (name: ServiceName) => (name === 'gateway' ? 'PORT' : `${envName(name)}_PORT`);

/** The gateway's setting for where an upstream service is: `<NAME>_URL` (STOREFRONT_URL). */
export type UrlVariable = `${Uppercase<UpstreamService>}_URL`;
export const urlVariable = (name: UpstreamService) => `${envName(name)}_URL` as UrlVariable;

/** A service's PORT setting: a positive integer, by default its port in SERVICE_PORTS. */
export const portSetting = (name: ServiceName) => z.coerce.number().int().positive().default(SERVICE_PORTS[name]);
