// Replica mode's load balancer: HAProxy from Debian on the site's one address (PORT), in front of the
// gateway replicas, as a cloud load balancer or an Ingress is in production. It checks each gateway's
// /readyz, takes one whose connection fails out at once, and sends a request that met a dead gateway
// to another when that is safe: a connection that was never made (any request), or a read that got no
// answer (GET, HEAD, OPTIONS; a write that may have reached the dead gateway is never sent twice).
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The HAProxy binary: HAPROXY_BIN, else `haproxy` on the PATH or in the sbin folders (not on a user's PATH). */
export function haproxyBinary(env: NodeJS.ProcessEnv): string {
  if (env.HAPROXY_BIN) return env.HAPROXY_BIN;
  const folders = [...(env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin'];
  const found = folders.filter(Boolean).find((folder) => existsSync(path.join(folder, 'haproxy')));
  if (!found)
    throw new Error(
      'REPLICAS above 1 puts HAProxy in front of the gateways, and it is not installed: `apt-get install haproxy` (or set HAPROXY_BIN)',
    );
  return path.join(found, 'haproxy');
}

export type BalancerSettings = {
  /** Where the site's address listens (the gateway's HOST, default 0.0.0.0). */
  host: string;
  port: number;
  /** The gateway replicas, by process name, on loopback. */
  gateways: { name: string; port: number }[];
};

/**
 * HAProxy's configuration for the stack. Checks: `/readyz` every second (every 250 ms while a gateway
 * is changing state), out after 2 failed checks or at once when a connection to it fails, back after
 * one good check. `/readyz` fails on every gateway while the database restarts; the same gateways as
 * unchecked backups then take the requests (their answers, 503 or cached, are truer than the
 * balancer's own 503). Headers: the client's address is appended to X-Forwarded-For and the scheme and
 * host are set, for gateways that trust one proxy hop (TRUST_PROXY_HOPS=1).
 */
export function balancerConfig({ host, port, gateways }: BalancerSettings): string {
  const server = (g: { name: string; port: number }) => `server ${g.name} 127.0.0.1:${g.port}`;
  return `# Written by \`npm start\` in replica mode (scripts/lib/balancer.ts) at every start: edits are lost.
global
  log stdout format raw local0
  maxconn 4096

defaults
  mode http
  log global
  option httplog
  # Only errors and retried requests are logged.
  option dontlog-normal
  # Loopback: the kernel completes a connection however busy the gateway is. HAProxy waits this long
  # (at most 1 s) before retrying a failed one, so a dead gateway costs a request 250 ms, not a second.
  timeout connect 250ms
  # Long uploads: the gateway enforces its own minimum rate and upstream timeout.
  timeout client 10m
  timeout server 10m
  timeout http-request 30s
  timeout http-keep-alive 30s
  timeout queue 5s
  # A failed connection is tried again, each time on another gateway.
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend site
  bind ${host}:${port}
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  http-request set-header X-Forwarded-Host %[req.hdr(host)]
  # A write that may have reached a gateway that died is not sent again (conn-failure still is).
  http-request disable-l7-retry unless METH_GET || METH_OPTIONS
  default_backend gateways

backend gateways
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  option allbackups
${gateways.map((g) => `  ${server(g)} check inter 1s fastinter 250ms downinter 500ms fall 2 rise 1 observe layer4 error-limit 1 on-error mark-down`).join('\n')}
${gateways.map((g) => `  ${server({ ...g, name: `${g.name}-unchecked` })} backup`).join('\n')}
`;
}
