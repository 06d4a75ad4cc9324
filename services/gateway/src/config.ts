import { z } from 'zod';
import { defaultRemotesManifest, REMOTE_ENTRY_FILE, RemotesManifest } from '@mastering/contracts';
import {
  BaseServiceConfig,
  loadConfig,
  portSetting,
  SERVICE_PORTS,
  UPSTREAM_SERVICES,
  urlVariable,
  type UpstreamService,
  type UrlVariable,
} from '@mastering/service-kit';
import { upstreamList } from './upstreams';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * `<NAME>_URL` settings of the upstream services: one URL, or a comma-separated list of its replicas
 * (see upstreams.ts), each defaulting to its port on loopback.
 */
function upstreamUrlSettings() {
  const list = (name: UpstreamService) =>
    z
      .string()
      .default(`http://127.0.0.1:${SERVICE_PORTS[name]}`)
      .transform(upstreamList)
      .pipe(z.array(z.url()).min(1, `${urlVariable(name)} needs at least one URL`));
  const settings = Object.fromEntries(UPSTREAM_SERVICES.map((name) => [urlVariable(name), list(name)]));
  return settings as Record<UrlVariable, ReturnType<typeof list>>;
}

/** True when `entry` (absolute, or a path on this site) names a JavaScript file: a remote's container. */
function isRemoteEntryUrl(entry: string): boolean {
  try {
    return new URL(entry, 'http://site.invalid').pathname.endsWith('.js');
  } catch {
    return false;
  }
}

const GatewayEnv = BaseServiceConfig.extend({
  PORT: portSetting('gateway'),
  /** The gateway is the one public entry, so it alone takes the shared HOST setting. */
  HOST: z.string().default('0.0.0.0'),
  /**
   * How many proxies in front of the gateway (a load balancer, a TLS terminator) may be believed
   * about the client's address, scheme and host. 0: the socket peer is the client and its
   * X-Forwarded-* headers are ignored.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** A service that has not answered (or sent a byte) for this long gets the request cut with 504. */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** A client must have sent a request's headers within this long (else 408 and the connection closes). */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** A request body that is not an upload (at most 1 MB) must have arrived within this long (else 408). */
  BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(15_000),
  /** An upload body may take as long as it needs while it averages at least this many bytes a second over each window. */
  UPLOAD_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).default(8_192),
  UPLOAD_RATE_WINDOW_MS: z.coerce.number().int().positive().default(30_000),
  /** Open connections one client address may hold (further ones are closed at once); 0: no cap. Not applied behind TRUST_PROXY_HOPS proxies. */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).default(100),
  /** Where each service behind the gateway is (STOREFRONT_URL, OPS_URL, ...; a comma-separated list for replicas): by default its port on this host. */
  ...upstreamUrlSettings(),
  /** Where the built shell and remotes are (each app's dist/ below it). */
  APPS_ROOT: z.string().default(repoRoot),
  /** JSON list overriding where the shell finds remotes, e.g. a CDN: [{"name":"mf_storefront","entry":"https://…/remoteEntry.js"}]. */
  MF_REMOTES: z
    .string()
    .optional()
    .transform((s, ctx) => {
      if (!s) return undefined;
      let remotes: RemotesManifest['remotes'];
      try {
        remotes = RemotesManifest.shape.remotes.parse(JSON.parse(s));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'MF_REMOTES must be a JSON array of {name, entry}' });
        return z.NEVER;
      }
      // The shell loads a remote by its container file; a manifest URL (how it once loaded them) would fail in the browser.
      for (const { name, entry } of remotes.filter((remote) => !isRemoteEntryUrl(remote.entry)))
        ctx.addIssue({
          code: 'custom',
          message: `MF_REMOTES: the entry of ${name} (${entry}) must be the URL of its ${REMOTE_ENTRY_FILE}, not a manifest`,
        });
      return remotes;
    }),
  SESSION_COOKIE: z.string().default('sid'),
  /** The longest the public-read cache keeps an answer, whatever its service allows; 0 turns the cache off. */
  PUBLIC_CACHE_MAX_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
});
export type GatewayConfig = z.infer<typeof GatewayEnv>;

/** Reads the gateway's configuration from the environment (fails fast on bad values). */
export function readGatewayConfig(env: NodeJS.ProcessEnv = process.env): Readonly<GatewayConfig> {
  return loadConfig(GatewayEnv, env);
}

/** The remotes list the shell fetches from `/mf/remotes.json`: configured, or each remote's own folder. */
export function remotesManifest(config: Pick<GatewayConfig, 'MF_REMOTES'>): RemotesManifest {
  return config.MF_REMOTES ? { remotes: config.MF_REMOTES } : defaultRemotesManifest();
}
